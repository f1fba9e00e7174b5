import AgentConsole
import ArgumentParser
import ChatEngine
import ChatModel
import Foundation
import TerminalRuntime
import Transport

/// `helpline agent`: the live agent's console for the demo contact center's queue.
struct AgentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agent",
        abstract: "Answer chats as a live agent: the demo contact center's queue, several chats at once.",
        discussion: """
            Start a demo contact center on a known port, then sign in from a second terminal:
              helpline serve --port 8080          # or: helpline demo --port 8080
              helpline agent --server http://127.0.0.1:8080 --name Sam
            A customer who types "agent" queues for a human; while a console is signed in, the chat waits
            for it instead of the scripted agent. In the queue: Up/Down and Enter accept. In a chat: type
            to reply (markdown), /transfer hands the chat back to the bot, /end ends it, /close closes an
            ended tab, Alt-1…9 switch chats and Alt-0 shows the queue. See docs/agent-console.md.
            """)

    @Option(name: .long, help: ArgumentHelp("The demo contact center's URL (as `helpline serve` prints it).", valueName: "url"))
    var server: String = "http://127.0.0.1:8080"

    @Option(name: .long, help: ArgumentHelp("Your name as customers see it.", valueName: "name"))
    var name: String?

    @Option(name: .long, help: ArgumentHelp(
        "The desk token a server listening beyond loopback asks for (as `helpline serve` printed it; also HELPLINE_DESK_TOKEN).",
        valueName: "token"))
    var deskToken: String?

    @OptionGroup var common: SessionOptions

    @OptionGroup var terminal: TerminalOptions

    func validate() throws {
        guard let url = URL(string: server), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError("--server needs an http(s) URL such as http://127.0.0.1:8080, not '\(server)'")
        }
        if let name, name.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--name must not be empty") }
    }

    func run() async throws {
        guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else {
            throw HelplineError("helpline agent needs a terminal (it is a full-screen console)")
        }
        if let reason = FullScreenSupport.refusal(environment: ProcessInfo.processInfo.environment) {
            throw HelplineError("helpline agent is a full-screen console, and \(reason); set TERM (e.g. xterm-256color)")
        }
        let logger = try LoggingSetup.bootstrap(file: common.logFile, level: common.logLevel)
        guard let url = URL(string: server) else { throw HelplineError("--server is not a URL: \(server)") }
        // The desk is the demo contact center (`helpline serve`), reached directly: the console takes
        // no proxy, header or trace options.
        let transport = HTTPTransport(settings: .direct)
        let agentName = name ?? ProcessInfo.processInfo.environment["USER"].flatMap {
            $0.isEmpty || $0 == "root" ? nil : $0.capitalized
        } ?? "Agent"
        let desk: AgentDeskClient
        do {
            desk = try await AgentDeskClient.signIn(server: url, name: agentName, deskToken: deskToken, transport: transport)
        } catch {
            throw HelplineError("\(error) (is `helpline serve --port …` running at \(server)?)")
        }
        let sessions = AgentSessions()
        let actions = AgentConsoleActions(
            queue: {
                do {
                    return .success(try await desk.queue())
                } catch { return .failure(AgentConsoleFailure(String(describing: error))) }
            },
            accept: { contactId in
                do {
                    let chat = try await desk.accept(contactId)
                    var configuration = SessionConfiguration(transport: transport, logger: logger)
                    configuration.sleep = { try await EventLoopTime.sleep(for: $0) }
                    common.apply(to: &configuration)
                    let session = ChatSession(wire: desk.wire(for: chat), configuration: configuration)
                    await sessions.add(session, contactId: chat.contactId, customerName: chat.customerName)
                    let events = session.events
                    await session.start()
                    return .success(AgentChatHandle(id: chat.contactId, customerName: chat.customerName, events: events) {
                        session.submit($0)
                    })
                } catch { return .failure(AgentConsoleFailure(String(describing: error))) }
            },
            release: { contactId in
                do {
                    try await desk.release(contactId)
                    await sessions.noteReleased(contactId)
                    return .success(())
                } catch { return .failure(AgentConsoleFailure(String(describing: error))) }
            })
        var options = terminal.uiOptions()
        options.title = "Helpline agent"
        let app = await AgentConsoleApp(options: options, agentName: desk.name, actions: actions)
        // Made on the terminal's thread, which so runs at the process's priority: the event loops go below it.
        await EventLoopPriority.lowerBelowTerminal()
        let exit = await app.run()
        // Chats still open go back to the bot (and from there to the queue), never left unanswered.
        let handedBack = await sessions.releaseOpen { try await desk.release($0) }
        if !handedBack.isEmpty {
            let names = handedBack.joined(separator: ", ")
            FileHandle.standardError.write(Data("helpline: handed \(handedBack.count == 1 ? "the open chat" : "\(handedBack.count) open chats") with \(names) back to the bot\n".utf8))
        }
        await sessions.shutdownAll()
        await desk.signOut()
        if exit == .terminalUnavailable {
            throw HelplineError("helpline agent needs a terminal type curses knows (set TERM, e.g. TERM=xterm-256color)")
        }
    }
}
