/** W §3 Option: the price fields the pricing task writes per option (and updateFeature of the pricing takes from a client). */
export const OPTION_PRICE_FIELDS = [
  'bundleQuantity',
  'purchasePrice',
  'supplyPrice',
  'sellingPrice',
  'msrp',
  'supplyMargin',
  'sellingMargin',
] as const;
