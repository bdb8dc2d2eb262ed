export { getImageDimensions, type ImageDimensions } from "./dimensions.js";
export { Image, type ImageOptions, imageFallbackText } from "./image.js";
export { detectImageProtocol, encodeITerm2Image, encodeKittyImage, type ImageProtocol } from "./protocols.js";
