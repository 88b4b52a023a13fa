/// Pixels with alpha at or above this value are drawn; the others count as transparent.
public let visibleAlphaThreshold: UInt8 = 128

/// `image` without its fully transparent outer rows and columns (alpha below
/// `visibleAlphaThreshold`); a 0 × 0 image when nothing is visible.
public func cropTransparentBorders(_ image: RGBAImage) -> RGBAImage {
  var minX = image.width
  var minY = image.height
  var maxX = -1
  var maxY = -1
  for y in 0..<image.height {
    for x in 0..<image.width
    where image.pixels[(y * image.width + x) * 4 + 3] >= visibleAlphaThreshold {
      minX = min(minX, x)
      maxX = max(maxX, x)
      minY = min(minY, y)
      maxY = max(maxY, y)
    }
  }
  guard maxX >= 0 else { return RGBAImage(width: 0, height: 0, pixels: []) }
  if minX == 0, minY == 0, maxX == image.width - 1, maxY == image.height - 1 { return image }
  let width = maxX - minX + 1
  let height = maxY - minY + 1
  var pixels: [UInt8] = []
  pixels.reserveCapacity(width * height * 4)
  for y in minY...maxY {
    let rowStart = (y * image.width + minX) * 4
    pixels.append(contentsOf: image.pixels[rowStart..<rowStart + width * 4])
  }
  return RGBAImage(width: width, height: height, pixels: pixels)
}

/// `image` scaled down (never up) to fit `maxWidth` × `maxHeight`, keeping its aspect ratio.
/// Each new pixel is the box-filtered average of the source pixels it covers, weighted by
/// alpha so transparent neighbours do not darken the edges.
public func downscale(_ image: RGBAImage, maxWidth: Int, maxHeight: Int) -> RGBAImage {
  guard image.width > maxWidth || image.height > maxHeight else { return image }
  guard maxWidth > 0, maxHeight > 0 else { return RGBAImage(width: 0, height: 0, pixels: []) }
  let scale = min(Double(maxWidth) / Double(image.width), Double(maxHeight) / Double(image.height))
  let width = min(maxWidth, max(1, Int((Double(image.width) * scale).rounded())))
  let height = min(maxHeight, max(1, Int((Double(image.height) * scale).rounded())))
  var pixels = [UInt8](repeating: 0, count: width * height * 4)
  for outY in 0..<height {
    let y0 = outY * image.height / height
    let y1 = max(y0 + 1, (outY + 1) * image.height / height)
    for outX in 0..<width {
      let x0 = outX * image.width / width
      let x1 = max(x0 + 1, (outX + 1) * image.width / width)
      var red = 0
      var green = 0
      var blue = 0
      var alpha = 0
      for y in y0..<y1 {
        for x in x0..<x1 {
          let index = (y * image.width + x) * 4
          let weight = Int(image.pixels[index + 3])
          red += Int(image.pixels[index]) * weight
          green += Int(image.pixels[index + 1]) * weight
          blue += Int(image.pixels[index + 2]) * weight
          alpha += weight
        }
      }
      let count = (y1 - y0) * (x1 - x0)
      let out = (outY * width + outX) * 4
      if alpha > 0 {
        pixels[out] = UInt8((red + alpha / 2) / alpha)
        pixels[out + 1] = UInt8((green + alpha / 2) / alpha)
        pixels[out + 2] = UInt8((blue + alpha / 2) / alpha)
      }
      pixels[out + 3] = UInt8((alpha + count / 2) / count)
    }
  }
  return RGBAImage(width: width, height: height, pixels: pixels)
}

/// The xterm 256-colour palette index nearest to an RGB colour: the 6 × 6 × 6 cube
/// (16 + 36r + 6g + b, levels 0, 95, 135, …, 255) or the grey ramp (232–255, levels
/// 8, 18, …, 238), whichever is closer.
public func paletteIndex(red: UInt8, green: UInt8, blue: UInt8) -> Int {
  let levels = [0, 95, 135, 175, 215, 255]
  func nearestLevel(_ value: Int) -> Int {
    var best = 0
    for (index, level) in levels.enumerated() where abs(level - value) < abs(levels[best] - value) {
      best = index
    }
    return best
  }
  let (r, g, b) = (Int(red), Int(green), Int(blue))
  let (cubeR, cubeG, cubeB) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
  let cubeDistance = squaredDistance(
    (r, g, b), (levels[cubeR], levels[cubeG], levels[cubeB]))
  let greyStep = min(23, max(0, ((r + g + b) / 3 - 8 + 5) / 10))
  let grey = 8 + 10 * greyStep
  let greyDistance = squaredDistance((r, g, b), (grey, grey, grey))
  return greyDistance < cubeDistance ? 232 + greyStep : 16 + 36 * cubeR + 6 * cubeG + cubeB
}

private func squaredDistance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
  let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
  return dr * dr + dg * dg + db * db
}
