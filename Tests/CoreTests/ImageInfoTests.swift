import XCTest
import TestSupport
@testable import Core

final class ImageInfoTests: XCTestCase {
    func testEachFormatBySignatureWithItsSize() throws {
        XCTAssertEqual(try ImageInfo.sniff(TestImages.png(width: 7, height: 5)).format, .png)
        XCTAssertEqual(try ImageInfo.sniff(TestImages.png(width: 7, height: 5)).width, 7)
        let cases: [(Data, ImageInfo.Format, Int, Int)] = [
            (TestImages.png(width: 1280, height: 960), .png, 1280, 960),
            (TestImages.jpeg(width: 640, height: 480), .jpeg, 640, 480),
            (TestImages.gif(width: 300, height: 200), .gif, 300, 200),
            (TestImages.webp(width: 1000, height: 1, kind: .lossy), .webp, 1000, 1),
            (TestImages.webp(width: 16_383, height: 2, kind: .lossless), .webp, 16_383, 2),
            (TestImages.webp(width: 20_000, height: 9, kind: .extended), .webp, 20_000, 9),
        ]
        for (data, format, width, height) in cases {
            let info = try ImageInfo.sniff(data)
            XCTAssertEqual(info, ImageInfo(format: format, width: width, height: height, byteCount: data.count), "\(format)")
        }
        XCTAssertEqual(ImageInfo.Format.jpeg.mimeType, "image/jpeg")
        XCTAssertEqual(ImageInfo.Format(mimeType: "IMAGE/WEBP"), .webp)
    }

    /// The size is in SOFn, after other segments (an EXIF block with an embedded thumbnail's
    /// own FF D9 must not end the walk); fill bytes before a marker are skipped.
    func testJPEGWalksSegmentsToTheFrameHeader() throws {
        var bytes = [UInt8](TestImages.jpeg(width: 33, height: 44))
        let exif: [UInt8] = [0xFF, 0xE1, 0x00, 0x08, 0xFF, 0xD8, 0xFF, 0xD9, 0x00, 0x00]
        bytes.insert(contentsOf: exif + [0xFF, 0xFF], at: 2)
        XCTAssertEqual(try ImageInfo.sniff(Data(bytes)).width, 33)
        XCTAssertEqual(try ImageInfo.sniff(Data(bytes)).height, 44)
    }

    func testTruncatedFilesAreRefused() {
        let whole: [(Data, ImageInfo.Format)] = [
            (TestImages.png(width: 40, height: 40), .png), (TestImages.jpeg(), .jpeg), (TestImages.gif(), .gif),
            (TestImages.webp(kind: .lossy), .webp), (TestImages.webp(kind: .lossless), .webp),
        ]
        for (data, format) in whole {
            for cut in [1, 2, 5] {
                XCTAssertThrowsError(try ImageInfo.sniff(data.dropLast(cut))) { error in
                    XCTAssertEqual(error as? ImageError, .truncated(format), "\(format) less \(cut)")
                }
            }
            XCTAssertThrowsError(try ImageInfo.sniff(data.prefix(14)), "\(format) cut in its header")
        }
    }

    func testNotAnImageAndDamagedHeaders() {
        XCTAssertThrowsError(try ImageInfo.sniff(Data("hello, I am text\n".utf8))) { XCTAssertEqual($0 as? ImageError, .notAnImage) }
        XCTAssertThrowsError(try ImageInfo.sniff(Data())) { XCTAssertEqual($0 as? ImageError, .notAnImage) }
        XCTAssertThrowsError(try ImageInfo.sniff(Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8))) { XCTAssertEqual($0 as? ImageError, .notAnImage) }
        var png = [UInt8](TestImages.png()); png[12] = UInt8(ascii: "X")
        XCTAssertThrowsError(try ImageInfo.sniff(Data(png))) { XCTAssertEqual($0 as? ImageError, .badHeader(.png)) }
        XCTAssertThrowsError(try ImageInfo.sniff(TestImages.gif(width: 0, height: 5))) { XCTAssertEqual($0 as? ImageError, .badHeader(.gif)) }
        XCTAssertEqual(ImageError.notAnImage.description, "not an image: only PNG, JPEG, GIF and WebP files can be attached")
    }

    func testHugeDimensionsAreRefused() {
        XCTAssertThrowsError(try ImageInfo.sniff(TestImages.png(width: 100_000, height: 1))) { error in
            XCTAssertEqual(error as? ImageError, .dimensionsTooLarge(.png, width: 100_000, height: 1))
        }
        XCTAssertThrowsError(try ImageInfo.sniff(TestImages.webp(width: 16_777_216, height: 1, kind: .extended)))
        XCTAssertNoThrow(try ImageInfo.sniff(TestImages.gif(width: 32_768, height: 32_768)))
    }

    func testTheCapIsCheckedFirstAndNamesBothSizes() {
        let data = TestImages.png(width: 100, height: 100)
        XCTAssertThrowsError(try ImageAttachment(name: "a.png", data: data, maxBytes: 1000)) { error in
            XCTAssertEqual(error as? ImageError, .tooLarge(byteCount: data.count, cap: 1000))
            XCTAssertEqual("\(error)", "the image is \(ByteSize.text(data.count)), over the cap of 1000 B ([images] max_bytes)")
        }
        XCTAssertEqual(try ImageAttachment(name: "a.png", data: data, maxBytes: data.count).info.width, 100)
        XCTAssertEqual(ByteSize.text(240 * 1024), "240 KB")
        XCTAssertEqual(ByteSize.text(20 * 1024 * 1024), "20 MB")
        XCTAssertEqual(ByteSize.text(1_500_000), "1.4 MB")
    }
}
