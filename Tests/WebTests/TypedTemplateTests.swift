import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

@testable import DaybookWeb

/// The one renderer (`TypedTemplate`) on small templates that try the Mustache rules one by
/// one: standalone lines, comments, sections over every kind of value, lookups outwards and
/// through dots; and what it refuses: a template it cannot read, a name that is no
/// `TemplateName`, and a name that no model on the way out has.
final class TypedTemplateTests: XCTestCase {
    /// Standalone tags (their line goes whole), tags within text, comments, inverted and
    /// dotted names, lists of text and of models, numbers and flags.
    func testWhitespaceAndLookupsFollowMustache() throws {
        let cases = [
            ("{{#tags}}\n<li>{{name}}</li>\n{{/tags}}\n", "<li>a&lt;b</li>\n<li>c</li>\n"),
            (
                "  {{#tags}}  \n  <li>{{name}}{{#isUser}} user{{/isUser}}</li>\n  {{/tags}}  \nend",
                "  <li>a&lt;b user</li>\n  <li>c</li>\nend"
            ),
            ("a {{#compact}}b{{/compact}} c\n{{^compact}}\nnot\n{{/compact}}\n{{^files}}none{{/files}}", "a b c\nnone"),
            ("{{! a comment\n  over two lines }}\nx {{! inline }} y\n   {{! indented }}\nz", "x  y\nz"),
            ("{{#image}}{{image.name}}/{{name}}/{{title}}{{/image}} {{image.search}}", "kid/kid/&lt;T&amp;&#39;&quot;&gt; /kid"),
            (
                "{{#paragraphs}}[{{.}}]{{/paragraphs}}{{#title}}<{{.}}>{{/title}}{{#note}}never{{/note}} {{size}} {{compact}}",
                "[one][&lt;two&gt;]<&lt;T&amp;&#39;&quot;&gt;> 42 true"
            ),
            ("{{{title}}} {{&title}} {{title}}\n\n\n{{#compact}}\n{{/compact}}", "<T&'\"> <T&'\"> &lt;T&amp;&#39;&quot;&gt;\n\n\n"),
            ("\t{{^note}}\t\nindented\n\t{{/note}}\n{{#compact}} x {{/compact}}{{#tags}}{{/tags}}", "indented\n x "),
            ("{{#note}}{{latitude}}{{/note}}{{#files}}{{latitude}}{{/files}}.", "."),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try TypedTemplate(parsing: text, name: "test") { _ in nil }.render(Sample()), expected, text)
        }
    }

    func testATemplateItCannotReadIsAnErrorNotAGuess() {
        let texts = [
            "{{#open}}never closed", "{{/closed}}", "{{=<% %>=}}", "{{> nowhere}}", "{{unfinished", "  {{> indented}}", "{{nosuch}}",
            "{{#title}}{{title.nosuch}}{{/title}}", "{{% CONTENT_TYPE: HTML }}",
        ]
        for text in texts {
            XCTAssertThrowsError(try TypedTemplate(parsing: text, name: "test") { $0 == "indented" ? "x" : nil }, text) { error in
                XCTAssertTrue("\(error)".hasPrefix("template test: "), "\(error)")
            }
        }
    }

    /// A name the model does not have (here a real name, of another page's model) throws,
    /// naming it, where an empty value would leave a hole in the page.
    func testANameNoModelHasIsARenderError() throws {
        for (text, missing) in [
            ("{{title}} {{latitude}}", "no value named latitude"), ("{{#image}}{{image.latitude}}{{/image}}", "latitude of TagView"),
            ("{{#tags}}{{#search}}{{bigMap}}{{/search}}{{/tags}}", "no value named bigMap"),
        ] {
            let template = try TypedTemplate(parsing: text, name: "test") { _ in nil }
            XCTAssertThrowsError(try template.render(Sample()), text) { error in
                XCTAssertTrue("\(error)".hasPrefix("template test: "), "\(error)")
                XCTAssertTrue("\(error)".contains(missing), "\(error)")
            }
        }
    }
}

/// A model of each kind of value, under names the templates use.
private struct Sample: TemplateModel {
    let title = "<T&'\">"
    let compact = true
    let size = 42
    let paragraphs = ["one", "<two>"]
    let tags = [TagView(name: "a<b", isUser: true, search: nil), TagView(name: "c", isUser: false, search: "/s")]
    let image = TagView(name: "kid", isUser: false, search: "/kid")
    let files: [TagView] = []
    let note: String? = nil

    func templateValue(_ name: TemplateName) -> TemplateValue? {
        switch name {
        case .title: .init(title)
        case .compact: .init(compact)
        case .size: .init(size)
        case .paragraphs: .init(paragraphs)
        case .tags: .init(tags)
        case .image: .init(image)
        case .files: .init(files)
        case .note: .init(note)
        default: nil
        }
    }
}
