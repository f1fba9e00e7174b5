import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// What a JUnit XML document says, read with a real XML parser.
final class JUnitSummary: NSObject, XMLParserDelegate {
    var suites: [String] = []
    var cases: [String] = []
    var failuresByCase: [String: Int] = [:]
    var failureMessages: [String] = []
    var testsAttribute: String?
    var failuresAttribute: String?
    private var currentCase: String?

    struct Invalid: Error {}

    static func parse(_ xml: String) throws -> JUnitSummary {
        let summary = JUnitSummary()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = summary
        guard parser.parse() else { throw Invalid() }
        return summary
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch name {
        case "testsuite":
            suites.append(attributes["name"] ?? "")
            testsAttribute = attributes["tests"]
            failuresAttribute = attributes["failures"]
        case "testcase":
            currentCase = attributes["name"]
            cases.append(attributes["name"] ?? "")
        case "failure":
            failuresByCase[currentCase ?? "", default: 0] += 1
            failureMessages.append(attributes["message"] ?? "")
        default:
            break
        }
    }
}
