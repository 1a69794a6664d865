/// A cell position, 0-based from the top-left corner.
public struct Point: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) { self.x = x; self.y = y }
}

/// A terminal size in cells.
public struct Size: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
}

/// A rectangle of cells. Negative sizes are clamped to zero.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public init(_ size: Size) { self.init(x: 0, y: 0, width: size.width, height: size.height) }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

    /// The same rectangle shrunk by `n` on every side.
    public func inset(_ n: Int) -> Rect { inset(top: n, left: n, bottom: n, right: n) }

    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    /// Left part `leftWidth` columns wide (clamped) and the rest.
    public func splitting(leftWidth: Int) -> (left: Rect, right: Rect) {
        let w = min(max(0, leftWidth), width)
        return (Rect(x: x, y: y, width: w, height: height), Rect(x: x + w, y: y, width: width - w, height: height))
    }

    /// Top part `topHeight` rows high (clamped) and the rest.
    public func splitting(topHeight: Int) -> (top: Rect, bottom: Rect) {
        let h = min(max(0, topHeight), height)
        return (Rect(x: x, y: y, width: width, height: h), Rect(x: x, y: y + h, width: width, height: height - h))
    }

    /// Bottom part `bottomHeight` rows high (clamped) and the rest above it.
    public func splitting(bottomHeight: Int) -> (top: Rect, bottom: Rect) {
        splitting(topHeight: height - min(max(0, bottomHeight), height))
    }

    public func intersection(_ o: Rect) -> Rect {
        let nx = max(x, o.x), ny = max(y, o.y)
        return Rect(x: nx, y: ny, width: min(maxX, o.maxX) - nx, height: min(maxY, o.maxY) - ny)
    }
}
