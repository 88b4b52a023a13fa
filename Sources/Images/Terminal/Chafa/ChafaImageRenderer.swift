import CShims
import Foundation

/// Draws an image with libchafa: sixel graphics, or symbol mosaics (sextants, 2×3 pixels a cell,
/// with quadrants and half blocks; or half blocks alone) in truecolor, 256 or 16 colours.
/// chafa quantises, dithers and picks each cell's symbol and colours; its output for the same
/// pixels and settings is the same every time.
///
/// Transparent borders are cropped first. Symbols end each row with a reset; sixels are one
/// DCS sequence (`ESC P … q … ESC \`).
public struct ChafaImageRenderer: ImageRenderer {
  /// What chafa draws with.
  public enum Output: Sendable, Hashable {
    /// Sixel graphics: real pixels, `cell` pixels a terminal cell.
    case sixels(cell: CellSize)
    /// Symbol mosaics: sextants, quadrants and half blocks.
    case symbols(ColorDepth)
    /// Half blocks only (`▀` `▄`): every terminal font has them.
    case blocks(ColorDepth)
  }

  /// How many colours symbol mosaics use.
  public enum ColorDepth: Sendable, Hashable {
    case trueColor, palette256, palette16
  }

  /// A terminal cell's size in pixels (sixels are sized from it).
  public struct CellSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
      self.width = max(1, width)
      self.height = max(1, height)
    }

    /// The common 10 × 20 when the terminal does not say.
    public static let typical = CellSize(width: 10, height: 20)
  }

  /// What this renderer draws with.
  public let output: Output

  /// Sixels are a picture; symbols are lines of characters.
  public var drawsPixels: Bool {
    if case .sixels = output { return true }
    return false
  }

  /// A renderer drawing with `output`.
  public init(_ output: Output) {
    self.output = output
  }

  /// The image within `maxColumns` × `maxRows` cells, as large as fits (`png` is unused); one
  /// line saying why instead when libchafa cannot be loaded.
  public func render(_ image: RGBAImage, png: Data, maxColumns: Int, maxRows: Int) -> String {
    let cropped = cropTransparentBorders(image)
    guard cropped.width > 0, cropped.height > 0, maxColumns > 0, maxRows > 0 else { return "" }
    let size = cells(for: cropped, maxColumns: maxColumns, maxRows: maxRows)
    if let failure = pdx_chafa_load() { return Self.unavailable(String(cString: failure)) }
    guard let config = pdx_chafa_canvas_config_new() else { return "" }
    defer { pdx_chafa_canvas_config_unref(config) }
    pdx_chafa_canvas_config_set_geometry(config, Int32(size.columns), Int32(size.rows))
    guard let symbols = pdx_chafa_symbol_map_new() else { return "" }
    defer { pdx_chafa_symbol_map_unref(symbols) }
    switch output {
    case .sixels(let cell):
      pdx_chafa_canvas_config_set_pixel_mode(config, UInt32(PDX_CHAFA_PIXEL_MODE_SIXELS))
      pdx_chafa_canvas_config_set_canvas_mode(config, UInt32(PDX_CHAFA_CANVAS_MODE_TRUECOLOR))
      pdx_chafa_canvas_config_set_cell_geometry(config, Int32(cell.width), Int32(cell.height))
    case .symbols(let depth):
      pdx_chafa_symbol_map_add_by_tags(
        symbols,
        Int32(
          PDX_CHAFA_SYMBOL_TAG_SEXTANT | PDX_CHAFA_SYMBOL_TAG_QUAD | PDX_CHAFA_SYMBOL_TAG_HALF
            | PDX_CHAFA_SYMBOL_TAG_SPACE | PDX_CHAFA_SYMBOL_TAG_SOLID))
      configureSymbols(config, symbols, depth)
    case .blocks(let depth):
      pdx_chafa_symbol_map_add_by_tags(
        symbols,
        Int32(PDX_CHAFA_SYMBOL_TAG_VHALF | PDX_CHAFA_SYMBOL_TAG_SPACE | PDX_CHAFA_SYMBOL_TAG_SOLID))
      configureSymbols(config, symbols, depth)
    }
    guard let canvas = pdx_chafa_canvas_new(config) else { return "" }
    defer { pdx_chafa_canvas_unref(canvas) }
    cropped.pixels.withUnsafeBufferPointer { buffer in
      guard let pixels = buffer.baseAddress else { return }
      pdx_chafa_canvas_draw_all_pixels(
        canvas, UInt32(PDX_CHAFA_PIXEL_RGBA8_UNASSOCIATED), pixels, Int32(cropped.width),
        Int32(cropped.height), Int32(cropped.width * 4))
    }
    guard let info = ChafaTerminal.fullInfo() else { return "" }
    defer { pdx_chafa_term_info_unref(info) }
    guard let printed = pdx_chafa_canvas_print(canvas, info) else { return "" }
    defer { free(printed) }
    return String(cString: printed)
  }

  /// The line shown instead of a picture when libchafa cannot be loaded (`reason`).
  static func unavailable(_ reason: String) -> String {
    "The picture cannot be drawn here: \(reason); Debian: apt-get install libchafa0."
  }

  /// Symbols at `depth`, with transparent pixels left to the terminal's background.
  private func configureSymbols(
    _ config: OpaquePointer, _ symbols: OpaquePointer, _ depth: ColorDepth
  ) {
    pdx_chafa_canvas_config_set_pixel_mode(config, UInt32(PDX_CHAFA_PIXEL_MODE_SYMBOLS))
    let mode =
      switch depth {
      case .trueColor: PDX_CHAFA_CANVAS_MODE_TRUECOLOR
      case .palette256: PDX_CHAFA_CANVAS_MODE_INDEXED_256
      case .palette16: PDX_CHAFA_CANVAS_MODE_INDEXED_16
      }
    pdx_chafa_canvas_config_set_canvas_mode(config, UInt32(mode))
    pdx_chafa_canvas_config_set_symbol_map(config, symbols)
    pdx_chafa_canvas_config_set_work_factor(config, 1)
  }

  /// The cells the image takes: as large as fits `maxColumns` × `maxRows`, its aspect kept.
  /// Symbols scale the image to the cells; sixels to the cells' pixels, by a whole factor when
  /// it is enlarged (chafa then fits the picture to the whole cells, within a few pixels).
  func cells(for image: RGBAImage, maxColumns: Int, maxRows: Int) -> (columns: Int, rows: Int) {
    let cell: CellSize
    switch output {
    case .sixels(let size): cell = size
    case .symbols: cell = CellSize(width: 4, height: 8)  // a cell is 2 × 4 "pixels" of 2 × 2
    case .blocks: cell = CellSize(width: 2, height: 4)  // 1 × 2 pixels, the cell twice as tall
    }
    let width = Double(image.width)
    let height = Double(image.height)
    // Pixels per image pixel that fit the bounds.
    var scale = min(
      Double(maxColumns * cell.width) / width, Double(maxRows * cell.height) / height)
    if case .sixels = output, scale >= 1 { scale = scale.rounded(.down) }
    let columns = max(1, min(maxColumns, Int((width * scale / Double(cell.width)).rounded())))
    let rows = max(1, min(maxRows, Int((height * scale / Double(cell.height)).rounded())))
    return (columns, rows)
  }
}

/// chafa's terminal database: what the terminal in the environment can draw.
public enum ChafaTerminal {
  /// Whether chafa's database knows the terminal described by `environment` to draw sixels:
  /// in chafa 1.12, foot, mlterm, yaft and WezTerm (which pokedex sends the iTerm2 protocol
  /// first). Elsewhere, `--images sixel` asks for them.
  public static func supportsSixels(environment: [String: String]) -> Bool {
    // Without libchafa, no terminal is known to draw sixels (`--images sixel` then says why it
    // cannot).
    guard let database = defaultDatabase() else { return false }
    var strings = environment.map { strdup("\($0.key)=\($0.value)") }
    defer { for string in strings { free(string) } }
    strings.append(nil)
    let info = strings.withUnsafeMutableBufferPointer { buffer in
      pdx_chafa_term_db_detect(database, buffer.baseAddress!)
    }
    guard let info else { return false }
    defer { pdx_chafa_term_info_unref(info) }
    return pdx_chafa_term_info_have_seq(info, UInt32(PDX_CHAFA_TERM_SEQ_BEGIN_SIXELS)) != 0
  }

  /// Terminal sequences for every kind of output (chafa's fallback): the mode is chosen by
  /// pokedex, so chafa must be able to print it whatever the environment says.
  static func fullInfo() -> OpaquePointer? {
    defaultDatabase().flatMap { pdx_chafa_term_db_get_fallback_info($0) }
  }

  /// chafa's own terminal database (borrowed, never released), once libchafa is loaded; nil when
  /// it cannot be.
  private static func defaultDatabase() -> OpaquePointer? {
    pdx_chafa_load() == nil ? pdx_chafa_term_db_get_default() : nil
  }
}

/// The renderer for each output mode: the PNG itself for kitty and iTerm2 (smaller than the
/// pixels chafa would send, see the README), chafa for sixels, symbols and half blocks.
public enum TerminalImageRenderers {
  /// The renderer for `mode` (`cell`: the terminal cell's pixels, for sixels), or `nil` for
  /// `.pathOnly` (print the file's path instead).
  public static func renderer(
    for mode: ImageOutputMode, cell: ChafaImageRenderer.CellSize = .typical
  ) -> (any ImageRenderer)? {
    switch mode {
    case .kitty: KittyImageRenderer()
    case .iterm2: ITerm2ImageRenderer()
    case .sixel: ChafaImageRenderer(.sixels(cell: cell))
    case .symbols(let trueColor): ChafaImageRenderer(.symbols(trueColor ? .trueColor : .palette256))
    case .blocks(let trueColor): ChafaImageRenderer(.blocks(trueColor ? .trueColor : .palette256))
    case .pathOnly: nil
    }
  }
}
