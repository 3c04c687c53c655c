/// static/daybook.css: the journal's one style sheet.
enum StyleSheet {
    static let source = """
        :root { --ink: #1f2328; --muted: #5d6670; --line: #d8dde3; --paper: #fbfaf7; --accent: #2f6f5e; --danger: #a3302a; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
          color: var(--ink); background: var(--paper); }
        a { color: var(--accent); }
        main { max-width: 1240px; margin: 0 auto; padding: 0 20px 40px; }
        .bar { display: flex; gap: 24px; align-items: center; padding: 10px 20px; background: #fff;
          border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 1000; }
        .bar .brand { font-weight: 700; font-size: 18px; text-decoration: none; color: var(--ink); }
        .bar nav { display: flex; gap: 16px; flex-wrap: wrap; }
        .bar nav a { text-decoration: none; color: var(--muted); }
        .bar nav a:hover { color: var(--ink); }
        .bar .search { margin-left: auto; }
        .bar .search input { width: 240px; padding: 6px 10px; border: 1px solid var(--line); border-radius: 6px; }
        h1 { font-size: 24px; margin: 20px 0 8px; }
        h2 { font-size: 18px; margin: 26px 0 10px; color: var(--muted); font-weight: 600; }
        .toolbar { display: flex; align-items: baseline; justify-content: space-between; gap: 16px; flex-wrap: wrap; }
        .jump { display: flex; gap: 8px; align-items: center; color: var(--muted); }
        .tiles { list-style: none; margin: 0; padding: 0; display: grid; gap: 14px;
          grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); }
        .tile { background: #fff; border: 1px solid var(--line); border-radius: 8px; overflow: hidden; }
        .tile img { display: block; width: 100%; height: 170px; object-fit: cover; background: #eceae4; }
        .tile .noimage { display: flex; height: 170px; align-items: center; justify-content: center; padding: 10px;
          color: var(--muted); background: #eceae4; text-align: center; font-size: 13px; }
        .tile .meta { padding: 8px 10px 10px; font-size: 13px; color: var(--muted); }
        .tile .day { color: var(--ink); font-weight: 600; text-decoration: none; }
        .tile .place { color: var(--ink); margin-top: 2px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .tile .excerpt { margin: 4px 0 0; color: var(--ink); }
        .tags { list-style: none; margin: 6px 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px; }
        .tag { background: #eef1f4; border-radius: 10px; padding: 1px 8px; font-size: 12px; color: var(--muted); }
        .tag.user { background: #dcefe8; color: var(--accent); }
        .tag form.inline { display: inline; }
        .tag button.remove { border: 0; background: none; cursor: pointer; color: var(--muted); padding: 0 0 0 2px; }
        .pager { display: flex; justify-content: space-between; margin: 24px 0; }
        .entry { display: grid; grid-template-columns: minmax(0, 3fr) minmax(280px, 2fr); gap: 24px; margin-top: 16px; }
        .entry .pager { grid-column: 1 / -1; margin: 0; }
        .preview { margin: 0; }
        .preview img { max-width: 100%; height: auto; border-radius: 8px; background: #eceae4; }
        .preview figcaption { color: var(--muted); font-size: 13px; margin-top: 6px; }
        .facts h1 { margin-top: 0; }
        .facts dl { display: grid; grid-template-columns: 90px 1fr; gap: 6px 12px; margin: 0 0 16px; }
        .facts dt { color: var(--muted); }
        .facts dd { margin: 0; overflow-wrap: anywhere; }
        .facts dd small { display: block; color: var(--muted); font-size: 12px; line-height: 1.4; margin-top: 1px; }
        .facts dd small span { display: inline-block; max-width: 100%; }
        .facts dd small span:not(:last-child)::after { content: "·"; padding: 0 5px; }
        .maplink { margin: 6px 0 0; font-size: 13px; }
        .more { margin-top: 16px; border-top: 1px solid var(--line); padding-top: 8px; }
        .more summary { cursor: pointer; color: var(--muted); font-size: 14px; }
        .more dl { margin-top: 10px; font-size: 13px; }
        .addtag { margin-top: 8px; display: flex; gap: 6px; }
        .smallmap { height: 220px; border-radius: 8px; border: 1px solid var(--line); }
        .words { grid-column: 1 / -1; }
        .words textarea { width: 100%; font: inherit; padding: 8px; border: 1px solid var(--line); border-radius: 6px; }
        button { font: inherit; padding: 5px 12px; border: 1px solid var(--line); border-radius: 6px; background: #fff; cursor: pointer; }
        .danger { color: var(--danger); }
        button.danger { border-color: var(--danger); }
        .problem { color: var(--danger); }
        .empty, .summary, .message, .note { color: var(--muted); }
        .searchform { display: flex; flex-wrap: wrap; gap: 10px; align-items: end; }
        .searchform label { display: flex; flex-direction: column; font-size: 13px; color: var(--muted); }
        .tagcounts { border-collapse: collapse; }
        .tagcounts td, .tagcounts th { padding: 4px 14px 4px 0; text-align: left; border-bottom: 1px solid var(--line); }
        body.mappage main { max-width: none; padding: 0; }
        .bigmap { height: calc(100vh - 52px); }
        .mapneeds { margin: 0; padding: 12px 16px; }
        .dot { background: var(--accent); border: 2px solid #fff; border-radius: 50%; box-shadow: 0 0 2px #0008; }
        .cluster { position: fixed; right: 0; top: 52px; bottom: 0; width: min(460px, 100%); overflow: auto; z-index: 1100;
          background: #fff; border-left: 1px solid var(--line); padding: 12px; }
        .clusterbar { display: flex; justify-content: space-between; align-items: center; margin-bottom: 10px; }
        .tiles.small { grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 8px; }
        .tiles.small img { height: 100px; }
        .tiles.small .day { display: block; padding: 4px 6px 0; font-size: 12px; }
        .tiles.small .place { display: block; padding: 0 6px 4px; font-size: 12px; color: var(--muted); }
        body.widget main { padding: 0 10px 10px; }
        body.widget .tiles { grid-template-columns: 1fr; }
        body.widget .tile { display: grid; grid-template-columns: 96px 1fr; }
        body.widget .tile img, body.widget .tile .noimage { height: 96px; }
        @media (max-width: 760px) { .entry { grid-template-columns: 1fr; } .bar { flex-wrap: wrap; } }
        """
}
