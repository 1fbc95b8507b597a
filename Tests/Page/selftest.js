// Checks a session page from inside headless Chromium. scripts/test-page.sh puts this script at
// the end of a copy of the page (and catch-errors.js at its start); its findings go as JSON into
// a pre element with the id selftest, which `chromium --dump-dom` prints. Nothing here ships in a page.
(() => {
  // From the start of the page to here: reading the page, its data and its first rendering.
  const results = { errors: window.__errors || [], checks: [], timings: { script: Math.round(performance.now() - window.__pageStart) } };
  const check = (name, ok, detail) =>
    results.checks.push({ name, ok: !!ok, detail: detail === undefined ? "" : String(detail) });
  const $ = (selector) => document.querySelector(selector);
  const $$ = (selector) => Array.from(document.querySelectorAll(selector));
  const key = (name) => document.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true }));
  const timed = (name, body) => {
    const start = performance.now();
    body();
    results.timings[name] = Math.round(performance.now() - start);
  };
  const position = () => $("#position").textContent;
  const data = JSON.parse($("#session").textContent);
  // An action is [seq, source, name, text, clock, patch, cause] (SessionPage.swift).
  data.actions = data.actions.map((a) => ({ seq: a[0], name: data.names[a[2]], text: a[3] }));
  const n = data.actions.length;
  const expect = new URLSearchParams(location.search);

  check("rows are rendered", $$(".row").length > 0, $$(".row").length);
  check("the count names every action", $("#count").textContent === `${n} of ${n} actions`, $("#count").textContent);
  const wanted = (/^#seq=(\d+)$/.exec(location.hash) || [])[1];
  if (wanted) {
    check("the fragment selects its seq", position().startsWith(`#${wanted} `), position());
    const row = $(".row.selected");
    check("the fragment's row is the selected one", row && row.textContent.startsWith(`#${wanted}`), row && row.textContent);
  }
  check("the selected row is marked", $$(".row.selected").length === 1, $$(".row.selected").length);
  check("the selected action is shown", $("#action").textContent.length > 0, $("#action").textContent);
  check("the state tree is shown", $$("#tree details").length > 0, $$("#tree details").length);
  if (expect.get("diff") === "1") {
    check("a diff is shown", $$("#diff .add, #diff .del").length > 0, $("#diff").textContent.slice(0, 200));
  }
  const bars = Number(expect.get("bars") || "0");
  if (bars > 0) {
    check("the timeline has bars", $$("#timeline rect.bar").length >= bars, $$("#timeline rect.bar").length);
  }
  const calls = Number(expect.get("calls") || "0");
  if (calls > 0) {
    check("the timeline has the calls", $$("#timeline circle.call").length >= calls, $$("#timeline circle.call").length);
  }

  timed("end", () => key("End"));
  check("End selects the last action", position() === `#${data.actions[n - 1].seq} (${n} of ${n})`, position());
  check("End updates the fragment", location.hash === `#seq=${data.actions[n - 1].seq}`, location.hash);
  timed("home", () => key("Home"));
  check("Home selects the first action", position().endsWith(`(1 of ${n})`), position());
  timed("down", () => { key("ArrowDown"); key("ArrowDown"); });
  check("ArrowDown moves down", position().endsWith(`(${Math.min(3, n)} of ${n})`), position());
  key("ArrowUp");
  check("ArrowUp moves up", position().endsWith(`(${Math.min(2, n)} of ${n})`), position());
  const middle = Math.floor(n / 2);
  timed("middle", () => { location.hash = `#seq=${data.actions[middle].seq}`; window.dispatchEvent(new HashChangeEvent("hashchange")); });
  check("a fragment set later selects its seq", position().startsWith(`#${data.actions[middle].seq} `), position());

  const filter = $("#filter");
  const first = data.actions[0].name;
  timed("filter", () => { filter.value = `!${first}`; filter.dispatchEvent(new Event("input")); });
  const hidden = data.actions.filter((a) => a.name === first).length;
  check("a !pattern hides those actions", $("#count").textContent === `${n - hidden} of ${n} actions`, $("#count").textContent);
  check("no listed row is a hidden action", $$(".row").every((row) => data.actions[Number(row.dataset.index)].name !== first), "");
  filter.value = "";
  filter.dispatchEvent(new Event("input"));
  const search = $("#search");
  const last = data.actions[n - 1];
  search.value = last.text.slice(0, 20);
  timed("search", () => search.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true })));
  check("search finds an action", position().startsWith("#"), position());

  check("no element came from the data", $$("#rows script, #detail script, #tree script, #rows img, #detail img, #title *").length === 0, "");
  check("no script from the data ran", !window.__xss, window.__xss);
  check("the title is text", !$("#title").querySelector("*"), $("#title").innerHTML.slice(0, 100));
  const pre = document.createElement("pre");
  pre.id = "selftest";
  pre.textContent = JSON.stringify(results);
  document.body.append(pre);
})();
