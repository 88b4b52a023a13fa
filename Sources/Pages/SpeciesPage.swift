import DetailModels
import Models

/// The species page (what `open` shows) as a document, in the shapes a screen too short for it
/// tries: the text renderer draws it as it draws every page, beside its picture when there is
/// one.
public enum SpeciesPage {
  /// How much of the page one shape shows.
  struct Layout {
    /// The most lines the forms take (the rest summed up as `… 12 more`); `nil`, all.
    var formLines: Int?
    /// Whether the download tip is shown (where it applies).
    var tip = true
    /// Three lines fewer: height and weight on one (`Size`), no blank line under the genus, no
    /// `Base stats` heading (the stats' names say what they are).
    var compact = false
  }

  /// `detail`'s page: a long list of forms cut to two lines, then to one, then the tip gone,
  /// then three lines fewer (``Layout/compact``); drawn whole to be paged when none fits (beside
  /// a picture, `pictured`, with one line of forms and no tip). `picture` names the picture
  /// drawn beside it when it is not the usual one (`✦ shiny picture`); `tip` says what to type
  /// to see it, where that applies.
  public static func shapes(
    _ detail: SpeciesDetailViewModel, picture: String? = nil, tip: String? = nil,
    pictured: Bool = false
  ) -> PageShapes {
    let layouts = [
      Layout(formLines: 2), Layout(formLines: 1), Layout(formLines: 1, tip: false),
      Layout(formLines: 1, tip: false, compact: true),
    ]
    let fitting = layouts.map { document(detail, picture: picture, tip: tip, layout: $0) }
    return PageShapes(
      fitting: fitting,
      paged: pictured ? fitting[2] : document(detail, picture: picture, tip: tip, layout: Layout()),
      minimumWidth: 1)
  }

  /// The page in one layout.
  static func document(
    _ detail: SpeciesDetailViewModel, picture: String?, tip: String?, layout: Layout
  ) -> PageDocument {
    let name = SafeText.line(detail.displayName)
    var badges = [Span("  "), Span("#\(detail.id)", .dim)]
    let marks = [
      detail.isBaby ? "baby" : nil, detail.isLegendary ? "legendary" : nil,
      detail.isMythical ? "mythical" : nil,
    ].compactMap { $0 }
    if !marks.isEmpty { badges += [Span("  "), Span(marks.joined(separator: " · "), .warning)] }
    if let picture { badges += [Span("  "), Span(picture, .dim)] }
    let warning = detail.cameLater.map { later in
      let game = detail.gameName.map { "not in \(SafeText.line($0))" } ?? "not in your game"
      return "\(name) came in \(DisplayName.generation(later)): \(game). Today's facts are shown."
    }
    var blocks: [PageDocument.Block] = [.facts(facts(detail, layout: layout))]
    if !detail.stats.isEmpty {
      blocks.append(
        .bars(
          PageDocument.Bars(
            heading: layout.compact ? nil : "Base stats",
            rows: detail.stats.map { .init($0.name, $0.value) },
            total: .init("Total", detail.baseStatTotal))))
    }
    if let text = detail.flavorText {
      blocks.append(.text("“" + SafeText.paragraph(text) + "”", .dim))
    }
    if let note = detail.fallbackNote { blocks.append(.text(SafeText.line(note), .dim)) }
    if let tip, layout.tip { blocks.append(.text(tip, .action)) }
    var document = PageDocument(
      title: name, badges: badges, subtitle: detail.genus.map(SafeText.line), warning: warning,
      blocks: blocks)
    document.tight = layout.compact
    return document
  }

  /// Its types, size, gender, numbers, abilities, forms and matchups.
  private static func facts(
    _ detail: SpeciesDetailViewModel, layout: Layout
  ) -> [PageDocument.Fact] {
    var type: [Span] = []
    for (index, name) in detail.types.enumerated() {
      if index > 0 { type.append(Span(" ")) }
      type.append(
        Span(name, .type(index < detail.typeSlugs.count ? detail.typeSlugs[index] : name)))
    }
    if let generation = detail.typesGeneration {
      let today = detail.todayTypes.map {
        "; today " + $0.map(SafeText.line).joined(separator: " ")
      }
      type.append(Span(" (\(DisplayName.generation(generation))\(today ?? ""))", .dim))
    }
    let height = Measures.height(centimetres: detail.heightCentimetres)
    let weight = Measures.weight(kilograms: detail.weightKilograms)
    let size: [PageDocument.Fact] =
      layout.compact
      ? [.init("Size", .line([Span("\(height) · \(weight)")]))]
      : [.init("Height", .line([Span(height)])), .init("Weight", .line([Span(weight)]))]
    var facts: [PageDocument.Fact] =
      [.init("Type", .line(type))] + size + [.init("Gender", .line([Span(detail.genderRatio)]))]
    if let numbers = detail.regionalNumbers, !numbers.isEmpty {
      let text = numbers.map { "\(SafeText.line($0.name)) No. \($0.number)" }
      facts.append(.init("Pokédex", .line([Span(text.joined(separator: " · "))])))
    }
    if detail.abilities.isEmpty, let generation = detail.gameGeneration,
      generation < Pokemon.abilitiesGeneration
    {
      let came = "none: they came in \(DisplayName.generation(Pokemon.abilitiesGeneration))"
      facts.append(.init("Abilities", .line([Span(came, .dim)])))
    }
    facts.append(
      .init(
        "Abilities",
        .items(
          detail.abilities.map {
            [Span($0.name)] + ($0.isHidden ? [Span(" (hidden)", .dim)] : [])
          })))
    // The form shown is marked as the selection is in the evolution tree.
    let shown = detail.form?.pokemonID ?? detail.forms.first(where: \.isDefault)?.pokemonID
    facts.append(
      .init(
        "Forms",
        .items(
          detail.forms.map { [Span($0.displayName + ($0.pokemonID == shown ? " ◀" : ""))] },
          maxLines: layout.formLines,
          kept: detail.forms.indices.filter { detail.forms[$0].pokemonID == shown })))
    if let matchups = detail.matchups {
      func factor(_ matchup: TypeMatchups.Matchup) -> [Span] {
        [Span(matchup.type + " ×" + Span.factorText(matchup.multiplier))]
      }
      facts += [
        .init("Weak to", .items(matchups.weaknesses.map(factor))),
        .init("Resists", .items(matchups.resistances.map(factor))),
        .init("Immune to", .items(matchups.immunities.map { [Span($0)] })),
      ]
    }
    return facts
  }
}
