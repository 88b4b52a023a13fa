import Images

/// An image from rows of optional RGB colours; `nil` is fully transparent.
func image(_ rows: [[(UInt8, UInt8, UInt8)?]]) -> RGBAImage {
  let width = rows.first?.count ?? 0
  var pixels: [UInt8] = []
  for row in rows {
    precondition(row.count == width)
    for pixel in row {
      if let (r, g, b) = pixel { pixels += [r, g, b, 255] } else { pixels += [0, 0, 0, 0] }
    }
  }
  return RGBAImage(width: width, height: rows.count, pixels: pixels)
}

let red: (UInt8, UInt8, UInt8) = (255, 0, 0)
let green: (UInt8, UInt8, UInt8) = (0, 255, 0)
let blue: (UInt8, UInt8, UInt8) = (0, 0, 255)
let white: (UInt8, UInt8, UInt8) = (255, 255, 255)
