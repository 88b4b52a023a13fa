/// What a page shows, as parts with roles rather than escape codes: the feature says what is
/// a type, a factor or a heading; the text renderer lays it out at the terminal's width and
/// styles it (colour only where colour is on).
public struct PageDocument: Sendable, Equatable {
  /// The page's name (`Static`).
  public var title: String
  /// What follows the name on its line, as it is (`  #25`, `  legendary`, ` · page 1/52`).
  public var badges: [Span] = []
  /// A dimmed line under it (`Ability · Generation III`).
  public var subtitle: String?
  /// A warning under the subtitle, wrapped: what the facts shown are not (`Steelix came in
  /// Generation II: not in Red. Today's facts are shown.`).
  public var warning: String?
  /// The parts, top to bottom, a blank line before each (a hint's may go, ``tightHint``).
  public var blocks: [Block]
  /// No blank line between the title's lines and the first part.
  public var tight = false
  /// No blank line above a hint.
  public var tightHint = false

  /// The same page shorter, in the order a screen too short for it tries them: without the
  /// blank line above its hint, then without its subtitle, then without the hint, then without
  /// the rows a table may do without, one more each time (the least telling of compare's
  /// matchups).
  public var shorter: [PageDocument] {
    var tight = self
    tight.tightHint = true
    var noSubtitle = tight
    noSubtitle.subtitle = nil
    var noHint = noSubtitle
    noHint.blocks.removeAll { if case .hint = $0 { true } else { false } }
    var shapes = [tight, noSubtitle, noHint]
    let cuttable =
      blocks.map { block -> Int in
        guard case .table(let table) = block, let from = table.cuttableFrom else { return 0 }
        return table.rows.count - from
      }.max() ?? 0
    for cut in stride(from: 1, through: cuttable, by: 1) {
      var shorter = noHint
      shorter.blocks = noHint.blocks.map { block in
        guard case .table(let table) = block else { return block }
        return .table(table.cut(cut))
      }
      shapes.append(shorter)
    }
    return shapes
  }

  /// The blocks that say once why some texts are in English: none without a note.
  public static func note(_ text: String?) -> [Block] {
    text.map { [.hint($0)] } ?? []
  }

  public init(
    title: String, badges: [Span] = [], subtitle: String? = nil, warning: String? = nil,
    blocks: [Block]
  ) {
    self.title = title
    self.badges = badges
    self.subtitle = subtitle
    self.warning = warning
    self.blocks = blocks
  }

  /// One part of a page.
  public enum Block: Sendable, Equatable {
    /// Labelled facts, the labels in a column (`Power     90`).
    case fields([Field])
    /// A heading and a paragraph wrapped to the width.
    case paragraph(heading: String, text: String)
    /// A heading and names wrapped in rows (an ability's holders), or a line saying there are
    /// none.
    case names(heading: String, [Span], none: String)
    /// A table, columns aligned.
    case table(Table)
    /// A dimmed line of what to type next.
    case hint(String)
    /// Facts in a column of labels ten wide, the profile's denser way (the species page): each
    /// a line, or items joined by commas and wrapped under the first, never split.
    case facts([Fact])
    /// Values out of 255 drawn as bars under a heading (base stats), and their total.
    case bars(Bars)
    /// A paragraph without a heading, in one role, wrapped at most 76 wide (a Pokédex text).
    case text(String, Span.Role)
    /// Lines drawn as they are (an evolution tree's), a text at the end of one wrapped under it.
    case lines([Line])
  }

  /// A line of a ``Block/lines(_:)`` block: its spans, then a text wrapped at the width, its
  /// next lines under it.
  public struct Line: Sendable, Equatable {
    /// A text that ends a line, wrapped at the width after what precedes it.
    public struct Wrapped: Sendable, Equatable {
      public var text: String
      public var role: Span.Role
      /// Before the text on its first line (`also: `), and on the next (`      `).
      public var lead: String
      public var nextLead: String
      /// What the next lines start with (the tree's lines going on under it).
      public var under: [Span]

      public init(
        _ text: String, _ role: Span.Role = .plain, lead: String = "", nextLead: String = "",
        under: [Span]
      ) {
        self.text = text
        self.role = role
        self.lead = lead
        self.nextLead = nextLead
        self.under = under
      }
    }

    public var spans: [Span]
    public var wrapped: Wrapped?

    public init(_ spans: [Span], wrapped: Wrapped? = nil) {
      self.spans = spans
      self.wrapped = wrapped
    }
  }

  /// A labelled fact of a ``Block/facts(_:)`` block.
  public struct Fact: Sendable, Equatable {
    /// What a fact shows after its label.
    public enum Value: Sendable, Equatable {
      /// One line, never wrapped (`Type      Electric`).
      case line([Span])
      /// Items joined by commas and wrapped under the first, an item never split; at most
      /// `maxLines` lines when given, the items at `kept` first, then `… 12 more`.
      case items([[Span]], maxLines: Int? = nil, kept: [Int] = [])
    }

    public var label: String
    public var value: Value

    public init(_ label: String, _ value: Value) {
      self.label = label
      self.value = value
    }
  }

  /// Named values out of 255, each drawn with a bar coloured by how high it is.
  public struct Bars: Sendable, Equatable {
    /// A named value (`Speed 90`).
    public struct Bar: Sendable, Equatable {
      public var label: String
      public var value: Int

      public init(_ label: String, _ value: Int) {
        self.label = label
        self.value = value
      }
    }

    /// A bold line above them (`Base stats`), if any.
    public var heading: String?
    public var rows: [Bar]
    /// The line under them (`Total     480`), without a bar, if any.
    public var total: Bar?

    public init(heading: String?, rows: [Bar], total: Bar?) {
      self.heading = heading
      self.rows = rows
      self.total = total
    }
  }

  /// A label and its value.
  public struct Field: Sendable, Equatable {
    public var label: String
    public var value: [Span]

    public init(_ label: String, _ value: [Span]) {
      self.label = label
      self.value = value
    }

    public init(_ label: String, _ text: String) {
      self.init(label, [Span(text)])
    }
  }

  /// Rows under column headings.
  public struct Table: Sendable, Equatable {
    /// A column: its heading and how its cells are aligned.
    public struct Column: Sendable, Equatable {
      /// Where a cell's text sits in its column.
      public enum Alignment: Sendable, Equatable {
        case left, right, center
      }

      public var heading: String
      public var alignment: Alignment

      public init(_ heading: String, _ alignment: Alignment = .left) {
        self.heading = heading
        self.alignment = alignment
      }
    }

    /// A bold line above the table, if any.
    public var heading: String?
    public var columns: [Column]
    /// Each row: one span per column.
    public var rows: [[Span]]
    /// Where the page is taller than the screen, the rows from this one on may be left out,
    /// from the last, and a row says how many (`… 3 more`); `nil` when every row stays.
    public var cuttableFrom: Int?

    public init(
      heading: String? = nil, columns: [Column], rows: [[Span]], cuttableFrom: Int? = nil
    ) {
      self.heading = heading
      self.columns = columns
      self.rows = rows
      self.cuttableFrom = cuttableFrom
    }

    /// The table with its last `count` cuttable rows left out and a row saying so.
    public func cut(_ count: Int) -> Table {
      guard let cuttableFrom, count > 0 else { return self }
      let kept = max(cuttableFrom, rows.count - count)
      let left = rows.count - kept
      guard left > 0 else { return self }
      var table = self
      table.rows = Array(rows.prefix(kept)) + [[Span("… \(left) more", .dim)]]
      table.cuttableFrom = nil
      return table
    }
  }
}

/// A page in the shapes a screen too short for it tries: the first of ``fitting`` that fits is
/// drawn, else ``paged``, whole, for the session to page.
public struct PageShapes: Sendable, Equatable {
  public var fitting: [PageDocument]
  public var paged: PageDocument
  /// The narrowest it is laid out, whatever the terminal's width (a table needs room).
  public var minimumWidth: Int

  public init(fitting: [PageDocument], paged: PageDocument, minimumWidth: Int = 40) {
    self.fitting = fitting
    self.paged = paged
    self.minimumWidth = minimumWidth
  }

  /// A kind's page: whole, then ever shorter (``PageDocument/shorter``), else whole.
  public init(_ document: PageDocument) {
    self.init(fitting: [document] + document.shorter, paged: document)
  }
}

/// A piece of text and what it is.
public struct Span: Sendable, Equatable {
  /// What a span is, for the renderer to style.
  public enum Role: Sendable, Equatable {
    case plain
    case strong
    case dim
    /// A type's name, drawn as a badge in its colour; the slug picks the colour.
    case type(String)
    /// A damage factor (×2, ×½, ×0, ×1), coloured by its value.
    case factor(Double)
    /// Marked for attention (the species the user came from).
    case marked
    /// A warning, or a mark worth seeing (`legendary`).
    case warning
    /// What to do next, to be seen (`Tip: "download image" shows it right here.`).
    case action
    /// What went wrong (`✗`).
    case failure
  }

  public var text: String
  public var role: Role
  /// In a table, a value out of 255 (a base stat) drawn as a bar before the text, as long as
  /// the table's width allows (``barCells``).
  public var bar: Int?

  public init(_ text: String, _ role: Role = .plain, bar: Int? = nil) {
    self.text = text
    self.role = role
    self.bar = bar
  }

  /// The shortest and the longest a bar is drawn, in cells, for a value of 255.
  public static let barCells = 6...20

  /// A bar for `value` out of 255 in `cells` cells, in eighths of a cell, padded to `cells`.
  public static func bar(_ value: Int, cells: Int) -> String {
    let eighths = max(0, min(cells * 8, Int((Double(value) / 255 * Double(cells * 8)).rounded())))
    let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    let bar = String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    return bar + String(repeating: " ", count: cells - bar.count)
  }
}

extension Span {
  /// `×2`, `×½`, `×¼`, `×0`, `×4` for a damage factor.
  public static func factorText(_ factor: Double) -> String {
    switch factor {
    case 0.25: "¼"
    case 0.5: "½"
    case let whole where whole.rounded() == whole && abs(whole) < 1e9: String(Int(whole))
    default: String(factor)
    }
  }
}
