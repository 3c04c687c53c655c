/// One entry's page, the delete confirmation, and the map of all entries.
enum EntryTemplates {
    static let entry = """
        {{> head}}
        <article class="entry" data-id="{{id}}">
        <nav class="pager">
        {{#newer}}<a rel="prev" href="{{newer}}">Newer</a>{{/newer}}
        {{#older}}<a rel="next" href="{{older}}">Older</a>{{/older}}
        </nav>
        <figure class="preview">
        {{#preview}}<img src="{{src}}" width="{{width}}" height="{{height}}" alt="{{alt}}">{{/preview}}
        {{^preview}}<span class="noimage">No picture could be made from this photo.</span>{{/preview}}
        {{#original}}<figcaption><a href="{{original}}">Original file</a> · {{fileName}}</figcaption>{{/original}}
        {{#originalJPEG}}<figcaption><a href="{{originalJPEG}}">Original as JPEG</a>, for a browser that cannot show it</figcaption>{{/originalJPEG}}
        {{#files}}<figcaption class="file">{{label}}: {{#href}}<a href="{{href}}" download>{{name}}</a>{{/href}}{{^href}}{{name}}{{/href}}</figcaption>{{/files}}
        </figure>
        <section class="facts">
        <h1>{{day}}</h1>
        <dl>
        {{#facts}}{{> fact}}{{/facts}}
        <dt>Tags</dt>
        <dd>
        <ul class="tags">
        {{#tags}}
        <li class="tag{{#isUser}} user{{/isUser}}">{{#search}}<a href="{{search}}">{{name}}</a>{{/search}}{{^search}}{{name}}{{/search}}
        {{#edit}}<form class="inline" method="post" action="{{edit.tagsAction}}">
        <input type="hidden" name="csrf" value="{{edit.csrf}}"><input type="hidden" name="remove" value="{{name}}">
        <button type="submit" class="remove" title="Remove this tag" aria-label="Remove tag {{name}}">×</button></form>{{/edit}}
        </li>
        {{/tags}}
        </ul>
        {{#edit}}
        <form class="addtag" method="post" action="{{edit.tagsAction}}">
        <input type="hidden" name="csrf" value="{{edit.csrf}}">
        <input type="text" name="add" placeholder="new tag" aria-label="New tag" required maxlength="64">
        <button type="submit">Add tag</button>
        </form>
        {{/edit}}
        </dd>
        </dl>
        {{#map}}<div id="entrymap" class="smallmap" data-lat="{{map.latitude}}" data-lon="{{map.longitude}}" data-place="{{map.place}}"{{#map.tiles}} data-tiles="{{map.tiles}}"{{/map.tiles}} data-outlines="{{map.outlines}}"></div>
        <p class="maplink"><a href="{{map.bigMap}}">On the journal's map</a></p>{{/map}}
        <details class="more">
        <summary>About this photo</summary>
        <dl>
        {{#details}}{{> fact}}{{/details}}
        </dl>
        </details>
        </section>
        <section class="words">
        <h2>Text</h2>
        {{#edit}}
        <form class="text" method="post" action="{{edit.textAction}}">
        <input type="hidden" name="csrf" value="{{edit.csrf}}">
        <input type="hidden" name="version" value="{{edit.textVersion}}">
        <textarea name="text" rows="6" aria-label="Text" data-field="text">{{text}}</textarea>
        <button type="submit">Save text</button>
        </form>
        <p><a class="danger" href="{{edit.deleteLink}}">Delete this entry…</a></p>
        {{/edit}}
        {{^edit}}<div class="text" data-field="text">{{#paragraphs}}<p>{{.}}</p>{{/paragraphs}}</div>{{/edit}}
        </section>
        </article>
        {{> foot}}
        """

    /// One row of an entry's facts (`FactRow`): each value labelled with the `--json` fields
    /// it shows, the small print after it.
    static let fact = """
        <dt>{{label}}</dt><dd><span{{#value.fields}} data-field="{{.}}"{{/value.fields}}>{{value.text}}</span>\
        {{#hasNotes}} <small>{{#notes}}<span{{#fields}} data-field="{{.}}"{{/fields}}>{{text}}</span>{{/notes}}</small>{{/hasNotes}}</dd>

        """

    /// A text save refused because the text changed after the page was loaded: both texts,
    /// and the user's in a form that saves it over the journal's (the version it now has).
    static let editConflict = """
        {{> head}}
        <h1>Your text was not saved</h1>
        <p class="message">The entry's text was changed (in another window, or with <code>daybook edit</code>) after you \
        opened the page. Nothing was lost: the journal's text and yours are both below. Copy what you need, then save.</p>
        <h2>The journal's text now</h2>
        <textarea class="current" rows="8" readonly aria-label="The journal's text now">{{currentText}}</textarea>
        <h2>Your text</h2>
        <form class="text" method="post" action="{{action}}">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="hidden" name="version" value="{{currentVersion}}">
        <textarea name="text" rows="8" aria-label="Your text">{{submittedText}}</textarea>
        <button type="submit">Save your text over the journal's</button>
        </form>
        <p><a href="{{entry}}">Back to the entry</a> (keeps the journal's text)</p>
        {{> foot}}
        """

    static let confirmDelete = """
        {{> head}}
        <h1>Delete this entry?</h1>
        <p>{{day}}{{#place}}, {{place}}{{/place}}. The entry, its text, tags, weather and thumbnail are removed from the journal. \
        The photo file itself is not touched.</p>
        {{#image}}<p><img src="{{src}}" width="{{width}}" height="{{height}}" alt="{{alt}}"></p>{{/image}}
        <form method="post" action="{{action}}">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="hidden" name="confirm" value="yes">
        <button type="submit" class="danger">Delete</button>
        <a href="{{cancel}}">Cancel</a>
        </form>
        {{> foot}}
        """

    static let map = """
        {{> head}}
        <p id="mapneeds" class="problem mapneeds"{{#leaflet}} hidden{{/leaflet}}>The map needs Debian's libjs-leaflet and libjs-leaflet.markercluster: \
        install them (apt install libjs-leaflet libjs-leaflet.markercluster) and load this page again.</p>
        <div id="map" class="bigmap" data-places="{{places}}" data-outlines="{{outlines}}"{{#tiles}} data-tiles="{{tiles}}"{{/tiles}} \
        data-thumbnails="{{thumbnails}}" data-entries="{{entries}}" data-entry-suffix="{{entrySuffix}}"></div>
        <aside id="cluster" class="cluster" hidden>
        <div class="clusterbar"><span id="clustertitle"></span> <button type="button" id="clusterclose">Close</button></div>
        <ul id="clustergrid" class="tiles small"></ul>
        </aside>
        {{> foot}}
        """
}
