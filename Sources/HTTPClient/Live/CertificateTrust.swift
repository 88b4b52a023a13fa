import CShims
import Foundation

/// The CA certificates that verify the servers' certificates, as curl(1) takes them: a bundle
/// (one file) and a directory of certificates named by their subject's hash (`openssl rehash`);
/// either left nil is libcurl's default (on Debian, `/etc/ssl/certs/ca-certificates.crt` and
/// `/etc/ssl/certs`).
///
/// A bundle is read whole at a session's first TLS connection: Debian's has 140 certificates, and
/// OpenSSL 3 takes 45 ms of CPU to load them, in the middle of TLS's handshake (libcurl loads them
/// once the ClientHello is out; on a link faster than that, the handshake waits). From a hashed
/// directory OpenSSL reads only the issuer it needs: the handshake over loopback takes 4 ms
/// instead of 50. So the default bundle is left out when the directory in use is hashed and holds
/// at least as many certificates (``covers(directory:bundle:)``): the same ones, as Debian's
/// `update-ca-certificates` keeps them. A bundle appended to by hand, not rehashed, has more, and
/// is read as before. A bundle given by name is always read.
public struct CertificateTrust: Sendable, Equatable {
  /// A bundle to read instead of libcurl's default one (`CURL_CA_BUNDLE`, `SSL_CERT_FILE`).
  public var bundle: String?
  /// A hashed directory to look in instead of libcurl's default one (`SSL_CERT_DIR`).
  public var directory: String?

  public init(bundle: String? = nil, directory: String? = nil) {
    self.bundle = bundle
    self.directory = directory
  }

  /// libcurl's defaults.
  public static let system = CertificateTrust()

  /// Where libcurl finds the certificates: `CURLOPT_CAINFO` (nil: no bundle) and `CURLOPT_CAPATH`,
  /// those left out staying libcurl's. `directoryCovers`: the directory in use holds the default
  /// bundle's certificates.
  func options(directoryCovers: Bool) -> [(CURLoption, String?)] {
    var options: [(CURLoption, String?)] = []
    if let bundle {
      options.append((CURLOPT_CAINFO, bundle))
    } else if directoryCovers {
      options.append((CURLOPT_CAINFO, nil))
    }
    if let directory { options.append((CURLOPT_CAPATH, directory)) }
    return options
  }

  /// Whether `directory` (a path) is hashed and holds at least as many certificates as the bundle
  /// file `bundle` (at least one when there is no such file).
  static func covers(directory: String?, bundle: String?) -> Bool {
    let held = hashedCertificates(in: directory)
    return held > 0 && held >= certificates(inBundle: bundle)
  }

  /// How many entries of `path` are named by a subject hash (`5ad8a5d6.0`); 0 for none, or when
  /// `path` is nil or no directory.
  static func hashedCertificates(in path: String?) -> Int {
    guard let path, let directory = opendir(path) else { return 0 }
    defer { closedir(directory) }
    var count = 0
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
      }
      if isHashName(name) { count += 1 }
    }
    return count
  }

  /// How many certificates the PEM file at `path` holds; 0 when it cannot be read.
  static func certificates(inBundle path: String?) -> Int {
    guard let path, let text = FileManager.default.contents(atPath: path) else { return 0 }
    let marker = Array("-----BEGIN CERTIFICATE-----".utf8)
    return text.withUnsafeBytes { bytes in
      guard var cursor = bytes.baseAddress else { return 0 }
      var left = bytes.count
      var count = 0
      // From one dash to the next (memchr), comparing the marker there (memcmp).
      while left >= marker.count, let dash = memchr(cursor, Int32(UInt8(ascii: "-")), left) {
        let skipped = cursor.distance(to: UnsafeRawPointer(dash))
        cursor += skipped
        left -= skipped
        guard left >= marker.count else { break }
        let matches = memcmp(cursor, marker, marker.count) == 0
        if matches { count += 1 }
        let passed = matches ? marker.count : 1
        cursor += passed
        left -= passed
      }
      return count
    }
  }

  /// Whether `name` is eight hexadecimal digits, a dot and a number (`5ad8a5d6.0`).
  private static func isHashName(_ name: String) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 2 && parts[0].count == 8 && parts[0].allSatisfy(\.isHexDigit)
      && !parts[1].isEmpty && parts[1].allSatisfy { $0.isASCII && $0.isNumber }
  }
}
