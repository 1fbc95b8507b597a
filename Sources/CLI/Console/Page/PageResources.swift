/// The page's HTML and style, around its data and script (``SessionPage/html()``): no
/// external script, style, font or image, and a `Content-Security-Policy` that lets the page
/// load nothing from anywhere.
///
/// ```swift
/// PageResources.head + PageResources.style + PageResources.body   // up to the data
/// ```
enum PageResources {
  /// From `<!DOCTYPE html>` to the opening of the style element.
  static let head = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
    <title>session</title>
    <style>
    """# + "\n"

  /// The style: one grid of the list, the selected action and the timeline.
  static let style = #"""
    :root {
      --bg: #fbfbfa; --fg: #1d1d1f; --muted: #6b6b70; --line: #dddde0; --pick: #dbe8ff;
      --add: #e3f6e6; --del: #fbe5e5; --bar: #7aa7e8; --cancel: #d98a8a; --run: #e6b34d;
      font: 13px/1.45 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace;
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--fg); height: 100vh; display: flex;
      flex-direction: column; }
    header { display: flex; gap: 12px; align-items: center; padding: 8px 12px;
      border-bottom: 1px solid var(--line); flex-wrap: wrap; }
    header h1 { font-size: 14px; margin: 0 8px 0 0; }
    header input[type=text] { font: inherit; padding: 3px 6px; width: 220px; }
    header input[type=range] { flex: 1; min-width: 200px; }
    #position { color: var(--muted); min-width: 12ch; }
    main { display: grid; grid-template-columns: minmax(320px, 40%) 1fr;
      grid-template-rows: minmax(0, 1fr) 230px; flex: 1; min-height: 0; }
    #timeline-box { grid-column: 1 / span 2; grid-row: 2; display: flex; flex-direction: column;
      min-height: 0; border-top: 1px solid var(--line); }
    #timeline-head { padding: 2px 8px; color: var(--muted); }
    #timeline { flex: 1; }
    #list { grid-row: 1; overflow-y: auto; position: relative; border-right: 1px solid var(--line);
      outline: none; }
    #rows { position: relative; }
    .row { position: absolute; left: 0; right: 0; height: 22px; padding: 2px 8px;
      white-space: nowrap; overflow: hidden; text-overflow: ellipsis; cursor: pointer; }
    .row.selected { background: var(--pick); }
    .row .seq { color: var(--muted); display: inline-block; min-width: 7ch; }
    .row .src { color: var(--muted); display: inline-block; min-width: 7ch; }
    .row .cause { color: var(--muted); margin-left: 1ch; }
    #detail { grid-row: 1; overflow: auto; padding: 8px 12px; }
    #detail h2 { font-size: 13px; margin: 10px 0 4px; color: var(--muted); font-weight: normal; }
    #action { font-weight: bold; white-space: pre-wrap; word-break: break-all; }
    #why { color: var(--muted); white-space: pre-wrap; }
    #diff div { white-space: pre-wrap; word-break: break-all; padding: 0 4px; }
    #diff .del { background: var(--del); }
    #diff .add { background: var(--add); }
    #diff .none { color: var(--muted); }
    #tree details { margin-left: 14px; }
    #tree summary { cursor: pointer; }
    #tree .leaf { margin-left: 28px; white-space: pre-wrap; word-break: break-all; }
    #tree .key { color: #6a3d9a; }
    #tree .more { margin-left: 28px; color: var(--muted); cursor: pointer; text-decoration: underline; }
    #timeline { overflow: auto; position: relative; }
    #timeline svg { display: block; }
    #timeline .axis text, #timeline .label { fill: var(--muted); font-size: 10px; }
    #timeline .bar { fill: var(--bar); }
    #timeline .bar.cancelled { fill: var(--cancel); }
    #timeline .bar.running { fill: var(--run); }
    #timeline .cursor { stroke: #2a62c9; stroke-width: 1.5; }
    #timeline .call { fill: #333; }
    #timeline .answer { fill: #fff; stroke: #333; }
    #timeline .sent { stroke: #333; }
    #empty { padding: 12px; color: var(--muted); }
    """# + "\n"

  /// From the end of the style to the opening of the data's element,
  /// `<script type="application/json" id="session">`.
  static let body = #"""
    </style>
    </head>
    <body>
    <header>
      <h1 id="title"></h1>
      <input id="filter" type="text" placeholder="filter: episodes.*  !timer.tick" aria-label="filter actions by name">
      <input id="search" type="text" placeholder="search (Enter, ⇧Enter)" aria-label="search actions">
      <span id="count"></span>
      <input id="slider" type="range" min="0" max="0" value="0" aria-label="position in the session">
      <span id="position"></span>
    </header>
    <main>
      <div id="list" tabindex="0"><div id="rows"></div><div id="empty"></div></div>
      <div id="detail">
        <div id="action"></div>
        <h2>why</h2><div id="why"></div>
        <h2>what it changed</h2><div id="diff"></div>
        <h2>the state after it</h2><div id="tree"></div>
      </div>
      <div id="timeline-box">
        <div id="timeline-head">effects, over the actions and the app's clock
          <button id="zoom-in" type="button" title="fewer actions">+</button><button id="zoom-out" type="button" title="more actions">−</button></div>
        <div id="timeline"></div>
      </div>
    </main>
    <script type="application/json" id="session">
    """#

  /// From the end of the data to the opening of the script element.
  static let scriptStart = #"""
    </script>
    <script>
    """# + "\n"

  /// The script, in its parts.
  static let script = [scriptModel, "\n", scriptDetail, "\n", scriptTimeline, "\n"]

  /// From the end of the script to the end of the page.
  static let end = #"""
    </script>
    </body>
    </html>
    """# + "\n"
}
