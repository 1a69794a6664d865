import XCTest
import Foundation
import ImageFixtures
@testable import Terminal

/// Decoding each format by the libraries chosen (files written from known pixels in the test),
/// the preview box, and the kitty and sixel encodings of a small known image.
final class ImagePreviewEncodingTests: XCTestCase {
    /// 4 × 2: red, green, blue, white / black, grey, yellow, transparent.
    static let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255,
                                  0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 0, 255, 0, 0, 0, 0]
    static let image = RGBAImage(width: 4, height: 2, pixels: pixels)

    private func file(_ write: (UnsafePointer<UInt8>?, Int32, Int32, UnsafeMutablePointer<Int>?) -> UnsafeMutablePointer<UInt8>?,
                      _ pixels: [UInt8] = pixels, width: Int32 = 4, height: Int32 = 2) throws -> [UInt8] {
        var length = 0
        let made = pixels.withUnsafeBufferPointer { write($0.baseAddress, width, height, &length) }
        let bytes = try XCTUnwrap(made, "the fixture writer failed")
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    func testPNGAndWebPDecodeToTheExactPixels() throws {
        for data in [try file(fixture_png), try file(fixture_webp)] {
            XCTAssertEqual(RGBAImage.size(of: data), Size(width: 4, height: 2))
            XCTAssertEqual(try RGBAImage.decode(data), Self.image)
        }
    }

    func testGIFDecodesItsFirstFrame() throws {
        var opaque = Self.pixels
        opaque[31] = 255  // GIF here: opaque pixels only
        let data = try file(fixture_gif, opaque)
        XCTAssertEqual(Array(data.prefix(6)), Array("GIF87a".utf8))
        XCTAssertEqual(try RGBAImage.decode(data), RGBAImage(width: 4, height: 2, pixels: opaque))
    }

    func testJPEGDecodesToNearlyThePixels() throws {
        // A flat 16 × 16 orange: JPEG is lossy, so each channel within a few levels.
        let one: [UInt8] = [240, 128, 32, 255]
        let orange: [UInt8] = Array((0..<256).map { _ in one }.joined())
        let data = try file(fixture_jpeg, orange, width: 16, height: 16)
        XCTAssertEqual(Array(data.prefix(2)), [0xFF, 0xD8])
        let decoded = try RGBAImage.decode(data)
        XCTAssertEqual(decoded.width, 16)
        for (a, b) in zip(decoded.pixels, orange) { XCTAssertLessThanOrEqual(abs(Int(a) - Int(b)), 4) }
    }

    func testNotAnImageTruncatedAndHugeAreRefused() throws {
        XCTAssertThrowsError(try RGBAImage.decode(Array("plain text, not a picture".utf8)))
        let png = try file(fixture_png)
        XCTAssertThrowsError(try RGBAImage.decode(Array(png.prefix(png.count - 20))))
        // A header that claims 8000 × 8000 (a decompression bomb): refused before decoding.
        var bomb = png
        bomb.replaceSubrange(16..<24, with: [0, 0, 0x1F, 0x40, 0, 0, 0x1F, 0x40])
        XCTAssertThrowsError(try RGBAImage.decode(bomb)) { error in
            XCTAssertEqual(error as? RGBAImage.DecodeError, .tooLarge(width: 8000, height: 8000))
        }
        // Past stb's cap on a side (16384): not read at all.
        bomb.replaceSubrange(16..<24, with: [0, 0, 0x75, 0x30, 0, 0, 0, 1])
        XCTAssertThrowsError(try RGBAImage.decode(bomb))
        XCTAssertThrowsError(try RGBAImage.decode(png, maxPixels: 7))
    }

    func testTheBoxKeepsTheAspectWithinEightRowsAndThirtyTwoColumns() {
        let cell = Size(width: 10, height: 20)
        let wide = PreviewBox.fitting(Size(width: 1280, height: 960), cell: cell)
        XCTAssertEqual(wide, PreviewBox(columns: 22, rows: 8, pixelWidth: 213, pixelHeight: 160))
        let banner = PreviewBox.fitting(Size(width: 2000, height: 100), cell: cell)
        XCTAssertEqual(banner, PreviewBox(columns: 32, rows: 1, pixelWidth: 320, pixelHeight: 16))
        // Never larger than the image; never wider than the columns given.
        XCTAssertEqual(PreviewBox.fitting(Size(width: 15, height: 15), cell: cell), PreviewBox(columns: 2, rows: 1, pixelWidth: 15, pixelHeight: 15))
        XCTAssertEqual(PreviewBox.fitting(Size(width: 1280, height: 960), cell: cell, maxColumns: 10).columns, 10)
    }

    func testScalingAveragesThePixelsCovered() {
        let scaled = Self.image.scaled(width: 2, height: 1)
        XCTAssertEqual(scaled.width, 2)
        // The left half: red, green, black, grey averaged.
        let expected: [UInt8] = [UInt8((255 + 128) / 4), UInt8((255 + 128) / 4), UInt8(128 / 4), 255]
        XCTAssertEqual(Array(scaled.pixels[0..<4]), expected)
    }

    /// Decoded and shrunk in one go (no copy of the full-size pixels): the same as decoding,
    /// then scaling; an image already small enough comes back whole.
    func testDecodingToFitIsDecodingThenScaling() throws {
        let png = try file(fixture_png)
        XCTAssertEqual(try RGBAImage.decode(png, fittingIn: 2, 1), try RGBAImage.decode(png).scaled(width: 2, height: 1))
        XCTAssertEqual(try RGBAImage.decode(png, fittingIn: 100, 100), try RGBAImage.decode(png))
        XCTAssertThrowsError(try RGBAImage.decode(png, fittingIn: 2, 1, maxPixels: 7))
    }

    func testKittyTransmitsInBase64ChunksUnderItsId() throws {
        let png = try file(fixture_png)
        let one = KittyGraphics.transmit(id: 7, .png(png))
        XCTAssertEqual(one, "\u{1B}_Ga=t,f=100,t=d,i=7,q=2,m=0;" + Data(png).base64EncodedString() + "\u{1B}\\")
        // 5,000 bytes → 6,668 base64 bytes: two chunks, the keys only on the first.
        let big = RGBAImage(width: 50, height: 25, pixels: (0..<5000).map { UInt8($0 % 251) })
        let two = KittyGraphics.transmit(id: 9, .rgba(big))
        let messages = two.components(separatedBy: "\u{1B}\\").dropLast()
        XCTAssertEqual(messages.count, 2)
        XCTAssertTrue(messages[0].hasPrefix("\u{1B}_Ga=t,f=32,t=d,s=50,v=25,i=9,q=2,m=1;"))
        XCTAssertTrue(messages[1].hasPrefix("\u{1B}_Gm=0;"))
        let payloads = messages.map { String($0.split(separator: ";", maxSplits: 1)[1]) }
        XCTAssertEqual(payloads[0].utf8.count, 4096)
        XCTAssertEqual(Data(base64Encoded: payloads.joined()), Data(big.pixels))
    }

    func testKittyPlacesAtTheCellAndDeletesPlacements() {
        XCTAssertEqual(KittyGraphics.place(id: 3, row: 4, column: 2, columns: 20, rows: 6),
                       "\u{1B}7\u{1B}[5;3H\u{1B}_Ga=p,i=3,p=1,c=20,r=6,C=1,q=2\u{1B}\\\u{1B}8")
        XCTAssertEqual(KittyGraphics.deletePlacements(ids: [3, 4]), "\u{1B}_Ga=d,d=i,i=3,q=2\u{1B}\\\u{1B}_Ga=d,d=i,i=4,q=2\u{1B}\\")
    }

    func testSixelHeaderPaletteAndBands() {
        let sixel = Sixel.encode(Self.image)
        XCTAssertTrue(sixel.hasPrefix("\u{1B}P0;1;0q\"1;1;4;2"))
        XCTAssertTrue(sixel.hasSuffix("-\u{1B}\\"))
        // Pure colors map to the cube's corners: red 180, green 30, blue 5, white 215, black 0, yellow 210;
        // mid grey to a grey entry.
        for entry in ["#0;2;0;0;0", "#5;2;0;0;100", "#30;2;0;100;0", "#180;2;100;0;0", "#210;2;100;100;0", "#215;2;100;100;100"] {
            XCTAssertTrue(sixel.contains(entry), entry)
        }
        // One band (2 rows); red is the top pixel of column 0 (bit 0: "@"), black the bottom ("A");
        // the transparent pixel is in no color.
        let band = sixel.components(separatedBy: "\"1;1;4;2")[1]
        XCTAssertEqual(band.filter { $0 == "-" }.count, 1)
        XCTAssertTrue(band.contains("#0A???"))
        XCTAssertTrue(band.contains("#180@???"))
        XCTAssertTrue(band.contains("#215???@"))
    }

    func testSixelBandsOfSixRowsAndRepeats() {
        let tall = RGBAImage(width: 10, height: 7, pixels: [UInt8](repeating: 255, count: 280))
        let sixel = Sixel.encode(tall)
        // Rows 0–5 all set ("~" = 63 + 63), row 6 alone ("@"), repeated with DECGRI.
        XCTAssertTrue(sixel.hasSuffix("#215!10~-#215!10@-\u{1B}\\"), sixel)
    }
}
