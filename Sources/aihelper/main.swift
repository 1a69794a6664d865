import HTTP
print("aihelper (skeleton) \(HTTPLibrary.versionDescription)")
