/// The frame every page shares: head, navigation, footer. No inline script or style: the
/// Content-Security-Policy forbids them; scripts and styles are files under static/.
enum LayoutTemplates {
    static let head = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{frame.title}} · Daybook</title>
        <link rel="stylesheet" href="{{frame.stylesheet}}">
        {{#frame.styles}}<link rel="stylesheet" href="{{.}}">
        {{/frame.styles}}
        {{#frame.csrf}}<meta name="daybook-csrf" content="{{frame.csrf}}">
        {{/frame.csrf}}
        </head>
        <body class="{{frame.bodyClass}}">
        {{^frame.compact}}
        <header class="bar">
        <a class="brand" href="{{frame.nav.timeline}}">Daybook</a>
        <nav>
        <a href="{{frame.nav.timeline}}">Timeline</a>
        <a href="{{frame.nav.onThisDay}}">On this day</a>
        <a href="{{frame.nav.map}}">Map</a>
        <a href="{{frame.nav.tags}}">Tags</a>
        {{#frame.nav.latest}}<a href="{{frame.nav.latest}}">Latest</a>{{/frame.nav.latest}}
        </nav>
        {{#frame.nav.search}}
        <form class="search" action="{{frame.nav.search}}" method="get" role="search">
        <input type="search" name="q" placeholder="Search words and tags" aria-label="Search" value="{{frame.query}}">
        </form>
        {{/frame.nav.search}}
        </header>
        {{/frame.compact}}
        <main>

        """

    static let foot = """
        </main>
        {{#frame.scripts}}<script src="{{.}}"></script>
        {{/frame.scripts}}
        </body>
        </html>

        """

    /// A grid of entry tiles (`tiles` in the current context).
    static let tiles = """
        <ul class="tiles">
        {{#tiles}}
        <li class="tile" data-id="{{id}}">
        <a href="{{href}}">
        {{#image}}<img loading="lazy" src="{{src}}" width="{{width}}" height="{{height}}" alt="{{alt}}">{{/image}}
        {{#noImage}}<span class="noimage">{{noImage}}</span>{{/noImage}}
        </a>
        <div class="meta">
        <a class="day" href="{{href}}">{{day}}</a>{{#time}} <span class="time">{{time}}</span>{{/time}}
        {{#place}}<div class="place">{{place}}</div>{{/place}}
        {{#weather}}<div class="weather">{{weather}}</div>{{/weather}}
        {{#distance}}<div class="distance">{{distance}}</div>{{/distance}}
        {{#excerpt}}<p class="excerpt">{{excerpt}}</p>{{/excerpt}}
        {{#hasTags}}<ul class="tags">{{#tags}}<li class="tag{{#isUser}} user{{/isUser}}">{{name}}</li>{{/tags}}</ul>{{/hasTags}}
        </div>
        </li>
        {{/tiles}}
        </ul>

        """

    /// Sections of tiles under headings (`sections` in the current context).
    static let sections = """
        {{#sections}}
        <section class="month" id="{{anchor}}">
        <h2>{{title}}</h2>
        {{> tiles}}
        </section>
        {{/sections}}

        """
}
