import Crypto
import Foundation

/// A push message's body, encrypted for one subscription as RFC 8291 says (Message Encryption
/// for Web Push, "aes128gcm" of RFC 8188): only the browser that made the subscription can
/// read it, and the push service that carries it cannot.
struct WebPushMessage {
    /// The record size written in the header; one record holds the whole reminder.
    static let recordSize: UInt32 = 4096

    let body: [UInt8]

    /// `payload` for the subscription's key (`p256dh`, an uncompressed P-256 point) and secret
    /// (`auth`, 16 bytes). `senderKey` and `salt` are fresh for each message; tests give theirs.
    init(
        payload: [UInt8], p256dh: [UInt8], auth: [UInt8], senderKey: P256.KeyAgreement.PrivateKey = .init(),
        salt: [UInt8] = WebPushMessage.randomBytes(16)
    ) throws {
        guard payload.count + 17 <= Self.recordSize else { throw ReminderError("the push message is too long for one record") }
        guard auth.count == 16 else { throw ReminderError("the push subscription's auth secret is not 16 bytes") }
        let receiver: P256.KeyAgreement.PublicKey
        do {
            receiver = try P256.KeyAgreement.PublicKey(x963Representation: p256dh)
        } catch {
            throw ReminderError("the push subscription's p256dh key is not a P-256 point")
        }
        let senderPublic = Array(senderKey.publicKey.x963Representation)
        let shared = try senderKey.sharedSecretFromKeyAgreement(with: receiver)
        // RFC 8291 §3.4: the input keying material binds both keys and the auth secret.
        let keyInfo = Array("WebPush: info".utf8) + [0] + p256dh + senderPublic
        let ikm = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: auth, sharedInfo: keyInfo, outputByteCount: 32)
        let contentKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        // The one record is the last: its padding delimiter is 2.
        let sealed = try AES.GCM.seal(
            payload + [2], using: contentKey, nonce: try AES.GCM.Nonce(data: nonce.withUnsafeBytes { Array($0) }))
        var header = salt
        header += withUnsafeBytes(of: Self.recordSize.bigEndian) { Array($0) }
        header.append(UInt8(senderPublic.count))
        header += senderPublic
        body = header + Array(sealed.ciphertext) + Array(sealed.tag)
    }

    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
