/// One property as a write leaves it: its new value, or nil when it goes.
struct XMPPropertyPlan: Equatable {
    enum Content: Equatable {
        case simple(String)
        /// `Bag`, `Seq` or `Alt`, with its items.
        case array(String, [XMPSidecarDocument.Item])
    }

    let name: XMPName
    /// The prefix written when the sidecar binds none to the namespace.
    let prefix: String
    let content: Content?

    /// What each field's change makes of the properties it owns, from what the sidecar says now.
    static func plans(
        for fields: XMPSidecarFields, in document: XMPSidecarDocument?, tagName: (String) -> String?
    ) -> [XMPPropertyPlan] {
        var plans: [XMPPropertyPlan] = []
        let current = { (name: XMPName) in document?.items(of: name) ?? [] }
        switch fields.text {
        case .keep: break
        case .set(let text):
            let others = current(XMPSidecarDocument.description).filter { $0.lang != nil && $0.lang != "x-default" }
            plans.append(.description([XMPSidecarDocument.Item(lang: "x-default", text: text)] + others))
        case .remove:
            let others = current(XMPSidecarDocument.description).filter { $0.lang != nil && $0.lang != "x-default" }
            plans.append(.description(others))
        }
        switch fields.tags {
        case .keep: break
        case .set(let tags): plans += keywordPlans(tags, current, tagName: tagName)
        case .remove: plans += keywordPlans([], current, tagName: tagName)
        }
        switch fields.date {
        case .keep: break
        case .set(let date):
            plans.append(XMPPropertyPlan(name: XMPSidecarFields.dateCreated, prefix: "photoshop", content: .simple(date.text)))
            plans.append(XMPPropertyPlan(name: XMPSidecarFields.dateTimeOriginal, prefix: "exif", content: .simple(date.text)))
        case .remove:
            plans.append(XMPPropertyPlan(name: XMPSidecarFields.dateCreated, prefix: "photoshop", content: nil))
            plans.append(XMPPropertyPlan(name: XMPSidecarFields.dateTimeOriginal, prefix: "exif", content: nil))
        }
        switch fields.location {
        case .keep: break
        case .set(let location):
            let latitude = XMPSidecarFields.coordinate(location.latitude, positive: "N", negative: "S")
            let longitude = XMPSidecarFields.coordinate(location.longitude, positive: "E", negative: "W")
            plans.append(XMPPropertyPlan(name: XMPSidecarFields.latitude, prefix: "exif", content: .simple(latitude)))
            plans.append(XMPPropertyPlan(name: XMPSidecarFields.longitude, prefix: "exif", content: .simple(longitude)))
            plans += [XMPSidecarFields.altitude, XMPSidecarFields.altitudeRef].map {
                XMPPropertyPlan(name: $0, prefix: "exif", content: nil)
            }
        case .remove:
            plans += [XMPSidecarFields.latitude, XMPSidecarFields.longitude, XMPSidecarFields.altitude, XMPSidecarFields.altitudeRef]
                .map { XMPPropertyPlan(name: $0, prefix: "exif", content: nil) }
        }
        return plans
    }

    private static func description(_ items: [XMPSidecarDocument.Item]) -> XMPPropertyPlan {
        XMPPropertyPlan(name: XMPSidecarDocument.description, prefix: "dc", content: items.isEmpty ? nil : .array("Alt", items))
    }

    /// `dc:subject` and `lr:hierarchicalSubject` for exactly these tags. A keyword already
    /// there stays as written when it names one of them (a hierarchical one by its leaf), as
    /// does a plain keyword that is a parent in a kept hierarchy (Lightroom writes `Places`,
    /// `France` and `Paris` for `Places|France|Paris`); a tag no keyword names is added.
    private static func keywordPlans(
        _ tags: [String], _ current: (XMPName) -> [XMPSidecarDocument.Item], tagName: (String) -> String?
    ) -> [XMPPropertyPlan] {
        let wanted = Set(tags)
        func names(_ text: String) -> String? {
            XMPSidecarWords.isDarktables(text) ? nil : XMPSidecarWords.leaf(text).flatMap(tagName)
        }
        // darktable's own tags are its bookkeeping, not keywords: they stay whatever the tags.
        let hierarchy = current(XMPSidecarDocument.hierarchicalSubject).filter { item in
            XMPSidecarWords.isDarktables(item.text) || names(item.text).map(wanted.contains) ?? false
        }
        let parents = Set(
            hierarchy.filter { !XMPSidecarWords.isDarktables($0.text) }.flatMap { XMPSidecarWords.components($0.text).dropLast() })
        let subjects = current(XMPSidecarDocument.subject).filter { item in
            let text = item.text.trimmingSpaces
            return XMPSidecarWords.isDarktables(text) || parents.contains(text) || names(text).map(wanted.contains) ?? false
        }
        let named = Set(subjects.compactMap { names($0.text.trimmingSpaces) })
        let namedByLeaf = Set(hierarchy.compactMap { names($0.text) })
        var subjectItems = subjects.map { XMPSidecarDocument.Item(lang: nil, text: $0.text) }
        var hierarchyItems = hierarchy.map { XMPSidecarDocument.Item(lang: nil, text: $0.text) }
        for tag in tags {
            if !named.contains(tag) { subjectItems.append(XMPSidecarDocument.Item(lang: nil, text: tag)) }
            if !namedByLeaf.contains(tag) { hierarchyItems.append(XMPSidecarDocument.Item(lang: nil, text: tag)) }
        }
        return [
            XMPPropertyPlan(
                name: XMPSidecarDocument.subject, prefix: "dc", content: subjectItems.isEmpty ? nil : .array("Bag", subjectItems)),
            XMPPropertyPlan(
                name: XMPSidecarDocument.hierarchicalSubject, prefix: "lr",
                content: hierarchyItems.isEmpty ? nil : .array("Bag", hierarchyItems)),
        ]
    }
}
