/// The flow used when no flow file can be found at all (a binary copied away from its resources).
enum BuiltInFlow {
    /// A compact version of `Resources/flows/default.json`.
    static let json = #"""
    {
      "name": "default",
      "description": "Built-in fallback flow of the Helpline demo.",
      "participants": {
        "system": { "role": "SYSTEM", "displayName": "SYSTEM_MESSAGE" },
        "bot": { "role": "CUSTOM_BOT", "displayName": "Helpline Bot" },
        "ava": { "role": "AGENT", "displayName": "Ava" }
      },
      "initialState": "bot",
      "onStart": [
        { "join": "bot" },
        { "say": "Hi {{customerName}}! Welcome to the Helpline demo. I'm a scripted bot. Try: help, markdown or agent.", "as": "bot" }
      ],
      "states": {
        "bot": {
          "responder": "bot",
          "rules": [
            { "keywords": ["help", "menu"], "steps": [
              { "markdown": "I can show **markdown**, fetch an **agent**, or say **bye**.", "as": "bot" } ] },
            { "keywords": ["markdown", "demo"], "steps": [
              { "markdown": "**Bold**, *italic*, `code`:\n\n- a list\n- [a link](https://www.example.com)\n\n```\ncode block\n```\n\n| A | B |\n|---|---|\n| 1 | 2 |", "as": "bot" } ] },
            { "keywords": ["agent", "human"], "steps": [
              { "say": "Transferring you to a live agent. Please hold on.", "as": "system", "typing": false },
              { "handoff": { "queue": "Support", "persona": "ava", "timeout": 90 } },
              { "say": "Ava accepted your chat.", "as": "system", "typing": false },
              { "leave": "bot" }, { "join": "ava" }, { "goto": "agent" },
              { "say": "Hi {{customerName}}, I'm Ava. How can I help?", "as": "ava" } ] },
            { "keywords": ["bye"], "steps": [
              { "say": "Thanks for trying the Helpline demo. Goodbye!", "as": "bot" }, { "end": true } ] }
          ],
          "fallback": [ { "markdown": "Sorry, I didn't catch that. Type **help** to see what I can do.", "as": "bot" } ]
        },
        "agent": {
          "responder": "ava",
          "rules": [ { "keywords": ["bye"], "steps": [ { "say": "Have a great day!", "as": "ava" }, { "end": true } ] } ],
          "fallback": [ { "say": "Got it: \"{{message}}\". Anything else?", "as": "ava" } ]
        }
      }
    }
    """#
}
