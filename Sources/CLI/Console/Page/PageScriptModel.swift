extension PageResources {
  /// The page's script, part 1 of 3: the data, the states rebuilt from checkpoints and patches, the filter and the action list. Every string
  /// from the session goes into the page as `textContent`, never as HTML.
  static let scriptModel = #"""
    "use strict";
    (() => {
      const data = JSON.parse(document.getElementById("session").textContent);
      // An action is [seq, source, name, text, clock, patch, cause] in the data (SessionPage.swift).
      const actions = data.actions.map((item) => ({
        seq: item[0], src: data.sources[item[1]], name: data.names[item[2]], text: item[3],
        t: item[4] === null ? undefined : item[4], patch: item[5], cause: item[6],
      }));
      const effects = data.effects || [];
      const ROW = 22;
      const el = (id) => document.getElementById(id);
      const make = (tag, cls, text) => {
        const node = document.createElement(tag);
        if (cls) node.className = cls;
        if (text !== undefined) node.textContent = text;
        return node;
      };
      const svg = (tag, attrs) => {
        const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
        for (const key in attrs) node.setAttribute(key, attrs[key]);
        return node;
      };

      // Where each seq is in `actions`.
      const indexOfSeq = new Map(actions.map((action, index) => [action.seq, index]));

      // ---- States: the nearest kept state, with the patches after it applied. ----
      const kept = Object.keys(data.states).map(Number).sort((a, b) => a - b);
      let cache = null; // { count, state }: the state after the first `count` actions

      const clone = (value) => (value === null || typeof value !== "object" ? value : structuredClone(value));
      function parentOf(root, path) {
        let node = root;
        for (let i = 0; i < path.length - 1; i++) node = node[path[i]];
        return node;
      }
      function valueAt(root, path) {
        let node = root;
        for (const key of path) {
          if (node === null || typeof node !== "object" || !(key in node)) return undefined;
          node = node[key];
        }
        return node;
      }
      function apply(root, op) {
        // An operation is [kind, path, value, text] (PagePatch.swift).
        const [kind, path, value] = op;
        if (path.length === 0) return kind === "d" ? null : clone(value);
        const parent = parentOf(root, path);
        const key = path[path.length - 1];
        if (kind === "s") parent[key] = clone(value);
        else if (kind === "i") parent.splice(key, 0, clone(value));
        else if (Array.isArray(parent)) parent.splice(key, 1);
        else delete parent[key];
        return root;
      }
      function stateAfter(count) {
        if (!cache || cache.count > count || count - cache.count > count - nearestKept(count)) {
          const from = nearestKept(count);
          cache = { count: from, state: clone(data.states[from]) };
        }
        while (cache.count < count) {
          for (const op of actions[cache.count].patch || []) cache.state = apply(cache.state, op);
          cache.count += 1;
        }
        return cache.state;
      }
      function nearestKept(count) {
        let lo = 0, hi = kept.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (kept[mid] <= count) lo = mid; else hi = mid - 1;
        }
        return kept[lo];
      }

      // ---- Paths and values as text. ----
      function pathText(op) {
        if (op[3] !== undefined) return op[3];
        let text = "";
        for (const key of op[1]) text += typeof key === "number" ? `[${key}]` : (text ? "." : "") + key;
        return text || "self";
      }
      function valueText(value, limit = 160) {
        if (value === undefined) return "(none)";
        const text = JSON.stringify(value);
        return text.length > limit ? `${text.slice(0, limit)}… (${text.length - limit} more characters)` : text;
      }

      // ---- The filter: patterns over action names; `!pattern` or `-pattern` hides. ----
      let visible = actions.map((_, index) => index);
      function globMatcher(pattern) {
        const parts = pattern.split(".");
        return (name) => {
          const segments = name.split(".");
          if (segments.length < parts.length) return false;
          for (let i = 0; i < parts.length; i++) {
            const part = parts[i];
            if (part === "*") continue;
            if (!part.includes("*")) { if (segments[i] !== part) return false; continue; }
            const escaped = part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
            if (!new RegExp(`^${escaped}$`).test(segments[i])) return false;
          }
          return true;
        };
      }
      function applyFilter(text) {
        const only = [], hide = [];
        for (const token of text.split(/[\s,]+/).filter(Boolean)) {
          if (token.startsWith("!") || token.startsWith("-")) {
            if (token.length > 1) hide.push(globMatcher(token.slice(1)));
          } else only.push(globMatcher(token));
        }
        visible = [];
        actions.forEach((action, index) => {
          if (only.length && !only.some((match) => match(action.name))) return;
          if (hide.some((match) => match(action.name))) return;
          visible.push(index);
        });
        el("count").textContent = `${visible.length} of ${actions.length} actions`;
        el("rows").style.height = `${visible.length * ROW}px`;
        renderRows();
      }

      // ---- The action list, rendering only the rows in view. ----
      let selected = actions.length - 1;
      function causeText(action) {
        const cause = action.cause;
        if (!cause) return "";
        if (cause.k === "typed") return cause.line ? `line ${cause.line}` : "typed";
        if (cause.k === "effect") return `← ${cause.by !== undefined ? `#${cause.by} ` : ""}${cause.site || ""}`.trim();
        return "";
      }
      function renderRows() {
        const list = el("list"), rows = el("rows");
        const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 5);
        const last = Math.min(visible.length, first + Math.ceil(list.clientHeight / ROW) + 10);
        rows.replaceChildren();
        for (let position = first; position < last; position++) {
          const index = visible[position], action = actions[index];
          const row = make("div", index === selected ? "row selected" : "row");
          row.style.top = `${position * ROW}px`;
          row.dataset.index = index;
          row.append(make("span", "seq", `#${action.seq}`), make("span", "src", action.src || ""),
            document.createTextNode(action.text), make("span", "cause", causeText(action)));
          rows.append(row);
        }
      }
      function scrollToSelected() {
        const position = visible.indexOf(selected);
        if (position < 0) return;
        const list = el("list"), top = position * ROW;
        if (top < list.scrollTop) list.scrollTop = top;
        else if (top + ROW > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW - list.clientHeight;
      }
    """#
}
