import Foundation

/// kitty graphics protocol: transmits the PNG file itself (`f=100`) in base64 chunks of at
/// most 4096 characters; every chunk but the last carries `m=1`, the last `m=0`.
public struct KittyImageRenderer: ImageRenderer {
  /// The largest base64 payload of one escape, as the protocol requires.
  public static let chunkSize = 4096

  /// A kitty renderer.
  public init() {}

  public var drawsPixels: Bool { true }

  /// `ESC_Ga=T,f=100,q=2,c=C,r=R,m=1;…ESC\` followed by `ESC_Gm=1;…ESC\` chunks: the picture
  /// scaled to fill the cells it is given.
  public func render(_ image: RGBAImage, png: Data, maxColumns: Int, maxRows: Int) -> String {
    let payload = png.base64EncodedString()
    var chunks: [Substring] = []
    var start = payload.startIndex
    while start < payload.endIndex {
      let end =
        payload.index(start, offsetBy: Self.chunkSize, limitedBy: payload.endIndex)
        ?? payload.endIndex
      chunks.append(payload[start..<end])
      start = end
    }
    if chunks.isEmpty { return "" }
    var control = "a=T,f=100,q=2"
    if let cells = fittedCells(
      width: image.width, height: image.height, maxColumns: maxColumns, maxRows: maxRows)
    {
      control += ",c=\(cells.columns),r=\(cells.rows)"
    }
    var output = ""
    for (index, chunk) in chunks.enumerated() {
      let more = index < chunks.count - 1 ? 1 : 0
      let keys = index == 0 ? "\(control),m=\(more)" : "m=\(more)"
      output += "\u{1B}_G\(keys);\(chunk)\u{1B}\\"
    }
    return output
  }
}

/// iTerm2 inline images (also WezTerm, mintty): the PNG file in one OSC 1337 escape.
public struct ITerm2ImageRenderer: ImageRenderer {
  /// An iTerm2 renderer.
  public init() {}

  public var drawsPixels: Bool { true }

  /// `ESC]1337;File=inline=1;size=N;width=C;height=R;preserveAspectRatio=1:<base64>BEL`: the
  /// picture scaled to fill the cells it is given.
  public func render(_ image: RGBAImage, png: Data, maxColumns: Int, maxRows: Int) -> String {
    guard !png.isEmpty else { return "" }
    var arguments = "inline=1;size=\(png.count)"
    if let cells = fittedCells(
      width: image.width, height: image.height, maxColumns: maxColumns, maxRows: maxRows)
    {
      arguments += ";width=\(cells.columns);height=\(cells.rows)"
    }
    arguments += ";preserveAspectRatio=1"
    return "\u{1B}]1337;File=\(arguments):\(png.base64EncodedString())\u{07}"
  }
}
