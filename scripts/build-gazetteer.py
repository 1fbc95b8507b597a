#!/usr/bin/env python3
"""Builds the offline gazetteer the Effects module bundles, from the GeoNames-derived tables.

    scripts/build-gazetteer.py [SOURCE_DIR]     (default: ../shared/data/gazetteer)

Data: GeoNames, geonames.org, CC BY 4.0. Writes Sources/Effects/GazetteerData/Gazetteer/, which
GazetteerData.c links into the binary (and whose `data sha256` line this script updates, so that
the next build compiles the new files in: SwiftPM does not track `.incbin`):

  places.tsv     one city a line, largest population first (line N after the header is city N):
                 name, country code, admin1 code, admin1 name, latitude, longitude, population,
                 IANA time zone
  names.tsv      every folded name, ASCII name and alternate name, sorted by UTF-8 bytes:
                 key TAB city numbers (ascending, so largest population first), comma-separated
  countries.tsv  iso2, iso3, name
  admin1.tsv     country code, admin1 code, admin1 name, admin1 ASCII name

and Tests/Support/Fixtures/gazetteer_fold_samples.tsv: raw name TAB folded key, so a test can check
that the Swift fold (GazetteerFold.swift) gives exactly the keys this script wrote.

The fold, mirrored exactly in Swift: Unicode NFKD (which also maps full-width and half-width forms
to their usual width), drop nonspacing marks (accents), lowercase each scalar (full mapping), drop
any nonspacing marks that produced, drop invisible format characters (soft hyphen, zero-width
space, direction marks, word joiner, BOM; not the zero-width joiners), collapse separators and
controls (Zs, Zl, Zp, Cc) into single spaces, trimmed, and recompose (NFC, so Hangul reads as syllables again). Loading sorted keys lets the app binary-search the file as it is, with no
folding and no hashing at start-up.
"""

import hashlib
import os
import re
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Sources", "Effects", "GazetteerData")
OUT = os.path.join(DATA, "Gazetteer")
EMBEDDING = os.path.join(DATA, "GazetteerData.c")
EMBEDDED = ("names.tsv", "places.tsv", "countries.tsv", "admin1.tsv")
SAMPLES = os.path.join(ROOT, "Tests", "Support", "Fixtures", "gazetteer_fold_samples.tsv")
SEPARATORS = {"Zs", "Zl", "Zp", "Cc"}
# Invisible format characters that carry no letter, dropped: soft hyphen, zero-width space, the
# direction marks and embeddings, word joiner, zero-width no-break space (a pasted name often
# holds one). Zero-width (non-)joiners stay: they change how Persian and Indic names are spelled.
INVISIBLE = {0x00AD, 0x200B, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2060,
             0x2066, 0x2067, 0x2068, 0x2069, 0xFEFF}


def fold(text):
    out = []
    for scalar in unicodedata.normalize("NFKD", text):
        if unicodedata.category(scalar) == "Mn" or ord(scalar) in INVISIBLE:
            continue
        for lower in scalar.lower():
            if unicodedata.category(lower) == "Mn":
                continue
            out.append(" " if unicodedata.category(lower) in SEPARATORS else lower)
    spaced = " ".join(part for part in "".join(out).split(" ") if part)
    return unicodedata.normalize("NFC", spaced)


def rows(path):
    with open(path, encoding="utf-8") as handle:
        header = handle.readline().rstrip("\n").split("\t")
        for line in handle:
            yield dict(zip(header, line.rstrip("\n").split("\t")))


def clean(field):
    return " ".join(field.replace("\t", " ").split())


def stamp():
    """Writes the files' SHA-256 into GazetteerData.c, so the build compiles it again."""
    digest = hashlib.sha256()
    for name in EMBEDDED:
        with open(os.path.join(OUT, name), "rb") as handle:
            digest.update(handle.read())
    with open(EMBEDDING, encoding="utf-8") as handle:
        text = handle.read()
    text = re.sub(r"data sha256 [0-9a-f]+", "data sha256 " + digest.hexdigest(), text)
    with open(EMBEDDING, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "data", "gazetteer")
    cities = list(rows(os.path.join(source, "cities.tsv")))
    cities.sort(key=lambda city: -int(city["population"] or 0))  # stable: source order breaks ties
    number = {city["geonameid"]: index for index, city in enumerate(cities)}

    keys = {}
    samples = []

    def add(raw, index):
        key = fold(raw)
        if key:
            keys.setdefault(key, set()).add(index)
        return key

    for index, city in enumerate(cities):
        add(city["name"], index)
        add(city["asciiname"], index)
    for count, row in enumerate(rows(os.path.join(source, "alternatenames.tsv"))):
        index = number.get(row["geonameid"])
        if index is None:
            continue
        key = add(row["alternatename"], index)
        if count % 61 == 0:
            samples.append((clean(row["alternatename"]), key))

    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "places.tsv"), "w", encoding="utf-8", newline="\n") as out:
        out.write("name\tcountry_code\tadmin1_code\tadmin1_name\tlatitude\tlongitude\tpopulation\ttimezone\n")
        for city in cities:
            fields = [city[name] for name in ("name", "country_code", "admin1_code", "admin1_name",
                                              "latitude", "longitude", "population", "timezone")]
            out.write("\t".join(clean(field) for field in fields) + "\n")
    with open(os.path.join(OUT, "names.tsv"), "w", encoding="utf-8", newline="\n") as out:
        # Python orders str by code point, which is the UTF-8 byte order the app searches in.
        for key in sorted(keys):
            out.write(key + "\t" + ",".join(str(index) for index in sorted(keys[key])) + "\n")
    with open(os.path.join(OUT, "countries.tsv"), "w", encoding="utf-8", newline="\n") as out:
        out.write("iso2\tiso3\tname\n")
        for country in rows(os.path.join(source, "countries.tsv")):
            out.write("\t".join(clean(country[name]) for name in ("iso2", "iso3", "name")) + "\n")
    with open(os.path.join(OUT, "admin1.tsv"), "w", encoding="utf-8", newline="\n") as out:
        out.write("country_code\tadmin1_code\tadmin1_name\tadmin1_asciiname\n")
        for region in rows(os.path.join(source, "admin1.tsv")):
            fields = ("country_code", "admin1_code", "admin1_name", "admin1_asciiname")
            out.write("\t".join(clean(region[name]) for name in fields) + "\n")
    with open(SAMPLES, "w", encoding="utf-8", newline="\n") as out:
        out.write("# raw name TAB key, as scripts/build-gazetteer.py folds it (GeoNames, geonames.org, CC BY 4.0)\n")
        for raw, key in samples:
            out.write(raw + "\t" + key + "\n")
    stamp()
    print(f"{len(cities)} places, {len(keys)} keys, {len(samples)} fold samples -> {OUT}")


if __name__ == "__main__":
    main()
