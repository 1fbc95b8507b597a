extension PageResources {
  /// The page's script, part 2 of 3: the selected action: why it happened, its diff, the state after it as a tree. Every string
  /// from the session goes into the page as `textContent`, never as HTML.
  static let scriptDetail = #"""
      // ---- The selected action: why, its diff, and the state after it. ----
      function whyLines(index) {
        const lines = [];
        let current = actions[index];
        for (let depth = 0; current && depth < 50; depth++) {
          const cause = current.cause;
          if (!cause || cause.k !== "effect" || cause.by === undefined || !indexOfSeq.has(cause.by)) {
            const how = !cause ? "" : cause.k === "typed" ? `  (typed, line ${cause.line})` :
              cause.k === "effect" ? `  ← effect ${cause.effect} at ${cause.site || "(a .send)"}, started before this session` :
              `  (${cause.k})`;
            lines.push(`#${current.seq} ${current.src || ""} ${current.text}${how}`);
            break;
          }
          lines.push(`#${current.seq} ${current.text}  ← effect ${cause.effect} at ${cause.site || "(a .send)"}, started by #${cause.by}`);
          current = actions[indexOfSeq.get(cause.by)];
        }
        return lines;
      }
      const opened = new Set([""]);
      function renderTree(container, value, path, label) {
        const isObject = value !== null && typeof value === "object";
        if (!isObject) {
          const leaf = make("div", "leaf");
          if (label !== undefined) leaf.append(make("span", "key", `${label}: `));
          leaf.append(document.createTextNode(JSON.stringify(value)));
          container.append(leaf);
          return;
        }
        const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value).sort();
        const details = make("details");
        const summary = make("summary");
        if (label !== undefined) summary.append(make("span", "key", `${label}: `));
        summary.append(document.createTextNode(Array.isArray(value) ? `[${keys.length}]` : `{${keys.length}}`));
        details.append(summary);
        let shown = 0;
        const showMore = () => {
          const next = Math.min(keys.length, shown + 200);
          const more = details.querySelector(":scope > .more");
          if (more) more.remove();
          for (; shown < next; shown++) renderTree(details, value[keys[shown]], `${path}/${keys[shown]}`, keys[shown]);
          if (shown < keys.length) {
            const button = make("div", "more", `… ${keys.length - shown} more`);
            button.addEventListener("click", showMore);
            details.append(button);
          }
        };
        details.addEventListener("toggle", () => {
          if (details.open) { opened.add(path); if (shown === 0) showMore(); } else opened.delete(path);
        });
        if (opened.has(path)) { details.open = true; showMore(); }
        container.append(details);
      }
      function renderDetail() {
        const action = actions[selected];
        if (!action) { el("action").textContent = "(no action)"; return; }
        el("action").textContent = `#${action.seq} ${action.src || ""} ${action.text}`;
        el("why").replaceChildren(...whyLines(selected).map((line) => make("div", "", line)));
        const before = stateAfter(selected);
        const olds = (action.patch || []).map((op) => clone(valueAt(before, op[1])));
        const after = stateAfter(selected + 1);
        const diff = el("diff");
        diff.replaceChildren();
        if (!action.patch || action.patch.length === 0) diff.append(make("div", "none", "(no change)"));
        (action.patch || []).forEach((op, i) => {
          const path = pathText(op);
          if (op[0] !== "i") diff.append(make("div", "del", `− ${path}: ${valueText(olds[i])}`));
          if (op[0] !== "d") diff.append(make("div", "add", `+ ${path}: ${valueText(op[2])}`));
        });
        const tree = el("tree");
        tree.replaceChildren();
        renderTree(tree, after, "", undefined);
      }
    """#
}
