export { isPackingAttribute, MAX_DETAIL_IMAGES, tierPriceFen } from './build.ts';
export { MAX_CAPTURE_CHARS, MAX_CAPTURES_CHARS } from './capture-text.ts';
export { detectOptionNameCollisions, type NameCollision, normaliseOptionName } from './collisions.ts';
export { diffSourceOffers, type SourceOfferDiff } from './diff.ts';
export {
  type GroupedOffer,
  type GroupFailure,
  groupCaptures,
  isLinkOnly,
  type NamedCapture,
} from './group-captures.ts';
export { IMPORT_MESSAGES } from './import-messages.ts';
export { JsLiteralError, parseJsLiteral, readJsLiteral } from './js-literal.ts';
export { OWN_FORMAT_ID, type OwnOfferInput, OwnOfferInputSchema } from './own-json.ts';
export { parse1688Capture, parse1688Captures, parse1688Import } from './parse.ts';
export { mergeReimport, type ReimportChange, type ReimportDiff } from './reimport.ts';
export * from './schema.ts';
export {
  newProductFromOffer,
  offerUrl,
  optionFromSource,
  optionSourceFields,
  productSourceFields,
} from './source-to-product.ts';
export { decodeHtmlEntities, fenToYuan, yuanToFen } from './values.ts';
