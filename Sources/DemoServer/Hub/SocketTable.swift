import Foundation

/// The hub's open sockets by id, with an index by contact so a message reaches its contact's
/// sockets without a walk over every socket of every chat (thousands in a load test).
struct SocketTable: Sequence {
    private var links: [UUID: SocketLink] = [:]
    private var byContact: [String: Set<UUID>] = [:]

    /// The socket with `id`; setting `nil` removes it.
    subscript(id: UUID) -> SocketLink? {
        get { links[id] }
        set {
            if let old = links[id], old.contactId != newValue?.contactId { unindex(id, from: old.contactId) }
            links[id] = newValue
            if let newValue { byContact[newValue.contactId, default: []].insert(id) }
        }
    }

    /// Removes and returns the socket with `id`.
    mutating func removeValue(forKey id: UUID) -> SocketLink? {
        guard let link = links.removeValue(forKey: id) else { return nil }
        unindex(id, from: link.contactId)
        return link
    }

    /// Forgets every socket.
    mutating func removeAll() {
        links.removeAll()
        byContact.removeAll()
    }

    /// Every socket's id.
    var keys: Dictionary<UUID, SocketLink>.Keys { links.keys }

    /// Every socket.
    var values: Dictionary<UUID, SocketLink>.Values { links.values }

    /// The sockets of one contact.
    func links(ofContact contactId: String) -> [(id: UUID, link: SocketLink)] {
        (byContact[contactId] ?? []).compactMap { id in links[id].map { (id, $0) } }
    }

    /// Iterates over (id, socket) pairs.
    func makeIterator() -> Dictionary<UUID, SocketLink>.Iterator { links.makeIterator() }

    private mutating func unindex(_ id: UUID, from contactId: String) {
        byContact[contactId]?.remove(id)
        if byContact[contactId]?.isEmpty == true { byContact[contactId] = nil }
    }
}
