extension PageResources {
  /// The page's script, part 3 of 3: the effect timeline, the selection, the keys, the slider and the fragment. Every string
  /// from the session goes into the page as `textContent`, never as HTML.
  static let scriptTimeline = #"""
      // ---- The effect timeline around the selected action. ----
      let span = 120;
      // A dependency call: a dot just after the action the log has it after, its input and answer
      // in its title.
      function callDot(call, at, y) {
        const step = timelineStep;
        const dot = svg("circle", { class: "call", cx: timelineX(at) + step / 2, cy: y, r: 3 });
        dot.dataset.index = at;
        const title = svg("title", {});
        const answer = call.failure !== undefined ? `threw ${call.failure}` : `→ ${valueText(call.output, 80)}`;
        title.textContent = `${call.name}(${valueText(call.input, 80)}) ${answer}` +
          (call.t !== undefined ? ` at ${Number(call.t).toFixed(3)}s` : "") + `, after #${call.after}`;
        dot.append(title);
        return dot;
      }
      let timelineStep = 1, timelineX = (index) => index;
      function renderTimeline() {
        const box = el("timeline");
        const width = Math.max(400, box.clientWidth - 4);
        const lo = Math.max(0, Math.min(selected - (span >> 1), actions.length - span));
        const hi = Math.min(actions.length - 1, lo + span - 1);
        const step = (width - 20) / Math.max(1, hi - lo + 1);
        const x = (index) => 10 + (index - lo + 0.5) * step;
        timelineStep = step;
        timelineX = x;
        // An effect from the action that started it to the last action before its end (to the
        // session's end while it runs); one that started before the first action listed, from it.
        const indexAt = (seq) => {
          const index = indexOfSeq.get(seq);
          if (index !== undefined) return index;
          return seq < actions[0].seq ? 0 : undefined;
        };
        const shown = [];
        for (const effect of effects) {
          const from = indexAt(effect.from);
          const to = effect.to === undefined || effect.to === null ? actions.length - 1 : Math.max(from || 0, indexAt(effect.to) ?? 0);
          if (from === undefined || to < lo || from > hi) continue;
          shown.push({ effect, from, to });
        }
        shown.sort((a, b) => a.from - b.from);
        const lanes = [];
        for (const item of shown) {
          let lane = lanes.findIndex((end) => end < item.from);
          if (lane < 0) { lane = lanes.length; lanes.push(0); }
          lanes[lane] = item.to;
          item.lane = lane;
        }
        const height = 44 + Math.max(1, lanes.length + ((data.calls || []).length ? 1 : 0)) * 16;
        const root = svg("svg", { width, height, role: "img" });
        const axis = svg("g", { class: "axis" });
        const every = Math.max(1, Math.ceil(10 / step) * 5);
        for (let index = lo; index <= hi; index++) {
          if ((index - lo) % every !== 0) continue;
          const label = svg("text", { x: x(index), y: 12, "text-anchor": "middle" });
          label.textContent = `#${actions[index].seq}`;
          axis.append(label);
          if (actions[index].t !== undefined) {
            const clock = svg("text", { x: x(index), y: 24, "text-anchor": "middle" });
            clock.textContent = `${Number(actions[index].t).toFixed(1)}s`;
            axis.append(clock);
          }
        }
        root.append(axis);
        root.append(svg("line", { class: "cursor", x1: x(selected), x2: x(selected), y1: 28, y2: height }));
        for (const item of shown) {
          const y = 32 + item.lane * 16;
          const left = x(Math.max(lo, item.from)) - step / 2, right = x(Math.min(hi, item.to)) + step / 2;
          const bar = svg("rect", { class: `bar ${item.effect.end || ""}`, x: left, y, width: Math.max(2, right - left), height: 10, rx: 2 });
          bar.dataset.index = item.from;
          const title = svg("title", {});
          const effect = item.effect;
          const calls = (effect.calls || []).map((call) => call.name).join(", ");
          const sent = (effect.sent || []).map((seq) => `#${seq}`).join(", ");
          title.textContent = `effect ${effect.id} at ${effect.site || "(a .send)"}, started by #${effect.from}` +
            (effect.t0 !== undefined ? ` at ${Number(effect.t0).toFixed(3)}s` : "") +
            (effect.end === "running" ? ", still running" : `, ${effect.end} after #${effect.to}`) +
            (effect.t1 !== undefined ? ` at ${Number(effect.t1).toFixed(3)}s` : "") +
            (calls ? `; calls ${calls}` : "") + (sent ? `; sent ${sent}` : "");
          bar.append(title);
          root.append(bar);
          for (const call of effect.calls || []) {
            const at = indexOfSeq.get(call.after);
            if (at !== undefined && at >= lo && at <= hi) root.append(callDot(call, at, y + 5));
          }
          for (const sent of item.effect.sent || []) {
            const at = indexOfSeq.get(sent);
            if (at !== undefined && at >= lo && at <= hi) root.append(svg("line", { class: "sent", x1: x(at), x2: x(at), y1: y - 2, y2: y + 12 }));
          }
        }
        // Calls no effect of the timeline claims: dots in a lane of their own, after the action
        // before them.
        const loose = [];
        for (const call of data.calls || []) {
          const at = indexOfSeq.get(call.after);
          if (at !== undefined && at >= lo && at <= hi) loose.push({ call, at });
        }
        if (loose.length) {
          const y = 32 + lanes.length * 16;
          const label = svg("text", { x: 2, y: y + 9, class: "label" });
          label.textContent = "calls";
          root.append(label);
          for (const { call, at } of loose) root.append(callDot(call, at, y + 5));
        }
        if (!shown.length && !loose.length) {
          const none = svg("text", { x: 10, y: 44, class: "label" });
          none.textContent = "no effect ran in these actions";
          root.append(none);
        }
        root.addEventListener("click", (event) => {
          const target = event.target.closest("[data-index]");
          const index = target ? Number(target.dataset.index) : Math.round((event.offsetX - 10) / step - 0.5) + lo;
          select(Math.max(0, Math.min(actions.length - 1, index)));
        });
        box.replaceChildren(root);
      }

      // ---- Selection, keys, the slider, the fragment. ----
      function select(index, options = {}) {
        if (!actions.length) return;
        selected = Math.max(0, Math.min(actions.length - 1, index));
        el("slider").value = String(selected);
        el("position").textContent = `#${actions[selected].seq} (${selected + 1} of ${actions.length})`;
        if (!options.keepFragment) history.replaceState(null, "", `#seq=${actions[selected].seq}`);
        scrollToSelected();
        renderRows();
        renderDetail();
        renderTimeline();
      }
      function moveInList(delta) {
        if (!visible.length) return;
        let position = visible.indexOf(selected);
        if (position < 0) {
          position = visible.findIndex((index) => index > selected);
          if (position < 0) position = visible.length - 1;
          else if (delta > 0) delta -= 1;
        }
        select(visible[Math.max(0, Math.min(visible.length - 1, position + delta))]);
      }
      function fromFragment() {
        const match = /^#seq=(\d+)$/.exec(location.hash);
        if (!match) return false;
        const seq = Number(match[1]);
        let index = indexOfSeq.get(seq);
        if (index === undefined) index = actions.findIndex((action) => action.seq > seq) - 1;
        if (index < 0) index = seq < actions[0].seq ? 0 : actions.length - 1;
        select(index, { keepFragment: true });
        return true;
      }
      function search(backwards) {
        const query = el("search").value.toLowerCase();
        if (!query) return;
        const matches = (action) => `${action.name} ${action.text} ${causeText(action)}`.toLowerCase().includes(query);
        for (let step = 1; step <= actions.length; step++) {
          const index = (selected + (backwards ? -step : step) + actions.length * 2) % actions.length;
          if (matches(actions[index])) { select(index); return; }
        }
        el("count").textContent = `no action matches “${el("search").value}”`;
      }

      function start() {
        document.title = `${data.title || "session"} · ${data.app || ""}`;
        el("title").textContent = `${data.app || ""} · ${data.title || ""}`;
        if (!actions.length) {
          el("empty").textContent = "This session has no actions.";
          return;
        }
        const slider = el("slider");
        slider.max = String(actions.length - 1);
        slider.addEventListener("input", () => select(Number(slider.value)));
        el("filter").addEventListener("input", (event) => applyFilter(event.target.value));
        el("search").addEventListener("keydown", (event) => {
          if (event.key === "Enter") { event.preventDefault(); search(event.shiftKey); }
        });
        el("list").addEventListener("scroll", renderRows);
        el("rows").addEventListener("click", (event) => {
          const row = event.target.closest(".row");
          if (row) select(Number(row.dataset.index));
        });
        el("zoom-in").addEventListener("click", () => { span = Math.max(20, span >> 1); renderTimeline(); });
        el("zoom-out").addEventListener("click", () => { span = Math.min(2000, span << 1); renderTimeline(); });
        document.addEventListener("keydown", (event) => {
          if (event.target.tagName === "INPUT" && event.target.type === "text") return;
          const page = Math.max(1, Math.floor(el("list").clientHeight / ROW) - 1);
          const moves = { ArrowUp: -1, ArrowDown: 1, PageUp: -page, PageDown: page };
          if (event.key in moves) moveInList(moves[event.key]);
          else if (event.key === "Home") select(visible.length ? visible[0] : 0);
          else if (event.key === "End") select(visible.length ? visible[visible.length - 1] : actions.length - 1);
          else return;
          event.preventDefault();
        });
        window.addEventListener("hashchange", fromFragment);
        window.addEventListener("resize", () => { renderRows(); renderTimeline(); });
        applyFilter("");
        if (!fromFragment()) select(actions.length - 1);
      }
      start();
    })();
    """#
}
