import DetailModels
import ImageFeature
import Models
import Pages
import Presentation

/// The species page and its evolution tree, as text.
extension TextRenderer {
  // MARK: - Details

  /// The species page (``SpeciesPage``), drawn as every page is, with the downloaded image
  /// beside it (``render(_:picture:reserved:)``); `reserved` rows are left for lines printed
  /// after it. Where no picture can be drawn (no colour, a pipe, --images off), the image's path
  /// under it.
  func renderDetail(
    _ detail: SpeciesDetailViewModel, image: DetailImage, reserved: Int = 0
  ) -> String {
    var picture: StoredImage?
    var note: String?
    if case .image(let stored) = image {
      picture = stored
      // The picture beside it, when it is not the usual one.
      if stored.variant != .standard { note = "✦ \(stored.variant) picture" }
    }
    // Only where an image can be drawn: piped, or with images off, "right here" is not true.
    var tip: String?
    if case .downloadHint = image, images != nil {
      // A form's own image (`{pokemon id}.png`), or its species' where the server has none.
      tip = "Tip: \"download image\" shows \(SafeText.line(detail.displayName)) right here."
    }
    let shapes = SpeciesPage.shapes(
      detail, picture: note, tip: tip, pictured: picture != nil && images != nil)
    let drawn = render(shapes, picture: picture, reserved: reserved)
    guard let picture, images == nil else { return drawn }
    let path = style.bold("Image".padding(toLength: 10, withPad: " ", startingAt: 0))
    return drawn + "\n\n" + path + picture.url.path
  }

  // MARK: - Evolution

  /// The evolution tree (``EvolutionPage``), drawn as every page is, the downloaded pictures of
  /// its members under it.
  func renderEvolution(_ tree: EvolutionTreeViewModel, images: EvolutionImages = .none) -> String {
    let failures = images.failures.map { failure in
      "#\(failure.speciesID) \(SafeText.line(failure.displayName)): "
        + FailureText.reason(failure.error)
    }
    var lines = self.lines(
      of: EvolutionPage.document(tree, failures: failures), width: terminalSize().columns)
    let members = Set(tree.rows.map(\.id)).filter { images.stored[$0] != nil }.count
    let pictures = renderEvolutionImages(
      tree, images.stored, height: evolutionImageRows(under: lines.count + 1, members: members))
    if !pictures.isEmpty { lines += [""] + pictures }
    return lines.joined(separator: "\n")
  }

  /// A picture's rows in the rows of images under an evolution tree (its columns are twice as
  /// many): at most, and at least when the screen is short.
  static let evolutionImageRows = 8
  static let smallestEvolutionImageRows = 3

  /// The pictures' rows under `textLines` lines of tree: the largest that lets the whole fit
  /// the terminal's height (less the prompt's row), else the usual size, the whole to be paged.
  func evolutionImageRows(under textLines: Int, members: Int = 0) -> Int {
    let size = terminalSize()
    for rows in stride(
      from: Self.evolutionImageRows, through: Self.smallestEvolutionImageRows, by: -1)
    {
      let perRow = max(1, (size.columns - 1 + Self.gap) / (rows * 2 + Self.gap))
      let groups = (max(members, 1) + perRow - 1) / perRow
      if textLines + groups * (rows + 1) <= size.rows - 1 { return rows }
    }
    return Self.evolutionImageRows
  }

  /// The members' images in rows under the tree, in tree order, each with its name below it, as
  /// many to a row as the terminal's width holds; their paths when images cannot be drawn.
  func renderEvolutionImages(
    _ tree: EvolutionTreeViewModel, _ stored: [Int: StoredImage],
    height: Int = Self.evolutionImageRows
  ) -> [String] {
    var members: [(id: Int, name: String, image: StoredImage)] = []
    for row in tree.rows where !members.contains(where: { $0.id == row.id }) {
      if let image = stored[row.id] { members.append((row.id, row.displayName, image)) }
    }
    guard !members.isEmpty else { return [] }
    guard let renderer = images else {
      return ["Images"]
        + members.map { "  #\($0.id) \(SafeText.line($0.name))  \($0.image.url.path)" }
    }
    let width = height * 2
    let perRow = max(1, (terminalSize().columns - 1 + Self.gap) / (width + Self.gap))
    var lines: [String] = []
    for start in stride(from: 0, to: members.count, by: perRow) {
      let group = members[start..<min(start + perRow, members.count)]
      let pictures = group.map {
        renderer.render($0.image.image, png: $0.image.png, maxColumns: width, maxRows: height)
      }
      if renderer.drawsPixels {
        // Rows kept free, then each picture placed at its column from their first row.
        var block = Array(repeating: "", count: height).joined(separator: "\n") + Self.rowBelow
        for (index, picture) in pictures.enumerated() {
          let column = 1 + index * (width + Self.gap)
          block += "\u{1B}7\u{1B}[\(height - 1)A\u{1B}[\(column)G" + picture + "\u{1B}8"
        }
        lines.append(block)
      } else {
        let split = pictures.map { $0.isEmpty ? [] : $0.components(separatedBy: "\n") }
        for row in 0..<height {
          lines.append(
            split.map { picture in
              let line = row < picture.count ? picture[row] : ""
              return line + String(repeating: " ", count: max(0, width - DisplayWidth.of(line)))
            }.joined(separator: String(repeating: " ", count: Self.gap)))
        }
      }
      lines.append(
        group.map { member in
          let name = DisplayWidth.prefix(SafeText.line(member.name), columns: width)
          return style.bold(name) + String(repeating: " ", count: width - DisplayWidth.of(name))
        }.joined(separator: String(repeating: " ", count: Self.gap)))
    }
    return lines.map(TextTools.droppingTrailingSpaces)
  }
}
