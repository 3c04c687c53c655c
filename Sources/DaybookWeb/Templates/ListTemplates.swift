/// Pages that show entries as tiles: the timeline, search, on this day, latest, tags.
enum ListTemplates {
    static let timeline = """
        {{> head}}
        <div class="toolbar">
        <h1>Timeline</h1>
        {{#jump}}
        <form class="jump" action="{{jump.action}}" method="get">
        <label>Jump to month <input type="month" name="month" value="{{jump.month}}" required></label>
        <button type="submit">Go</button>
        </form>
        {{/jump}}
        </div>
        {{^sections}}<p class="empty">{{empty}}</p>{{/sections}}
        <div id="timeline" data-api="{{api}}">
        {{> sections}}
        </div>
        <nav class="pager">
        {{#newer}}<a rel="prev" href="{{newer}}">Newer</a>{{/newer}}
        {{#older}}<a rel="next" id="older" href="{{older}}" data-before="{{olderCursor}}">Older</a>{{/older}}
        </nav>
        {{> foot}}
        """

    static let search = """
        {{> head}}
        <h1>Search</h1>
        <form class="searchform" action="/search" method="get">
        <label>Words <input type="search" name="q" value="{{form.q}}"></label>
        <label>Tag <input type="text" name="tag" value="{{form.tag}}"></label>
        <label>From <input type="date" name="from" value="{{form.from}}"></label>
        <label>To <input type="date" name="to" value="{{form.to}}"></label>
        <label>Near <input type="text" name="near" value="{{form.near}}" placeholder="a town, lat,lon or entry id"></label>
        <label>Radius <input type="text" name="radius" value="{{form.radius}}" placeholder="10km"></label>
        <button type="submit">Search</button>
        </form>
        {{#problem}}<p class="problem">{{problem}}</p>{{/problem}}
        {{#note}}<p class="note">{{note}}</p>{{/note}}
        {{#summary}}<p class="summary">{{summary}}</p>{{/summary}}
        {{> sections}}
        {{> foot}}
        """

    static let onThisDay = """
        {{> head}}
        <h1>On this day: {{day}}</h1>
        {{^sections}}<p class="empty">Nothing from this day in earlier years.</p>{{/sections}}
        {{> sections}}
        {{> foot}}
        """

    /// Small on purpose: a widget or a browser side panel.
    static let latest = """
        {{> head}}
        <h1>Latest</h1>
        {{> tiles}}
        <p><a href="{{timeline}}" target="_blank" rel="noopener">Open the journal</a></p>
        {{> foot}}
        """

    static let tags = """
        {{> head}}
        <h1>Tags</h1>
        {{^tags}}<p class="empty">No tags yet.</p>{{/tags}}
        <table class="tagcounts">
        <thead><tr><th>Tag</th><th>Entries</th><th>Yours</th><th>Automatic</th></tr></thead>
        <tbody>
        {{#tags}}
        <tr><td>{{#search}}<a href="{{search}}">{{name}}</a>{{/search}}{{^search}}{{name}}{{/search}}</td>
        <td>{{entries}}</td><td>{{user}}</td><td>{{auto}}</td></tr>
        {{/tags}}
        </tbody>
        </table>
        {{> foot}}
        """

    /// A message page: errors (404, 400) and notices.
    static let message = """
        {{> head}}
        <h1>{{heading}}</h1>
        <p class="message">{{message}}</p>
        <p><a href="{{back}}">Back to the timeline</a></p>
        {{> foot}}
        """
}
