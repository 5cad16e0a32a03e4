/**
 * The Online Retail catalog has only a description per stock code. Categories and a colour
 * attribute are derived from words of the description (deterministic, documented in docs/api.md,
 * "The demo shop"), so merchandising rules and filters have something real to work on.
 */
const CATEGORIES: [string, string, RegExp][] = [
  ["Christmas", "Seasonal", /\b(CHRISTMAS|XMAS|ADVENT|SANTA|REINDEER|SNOWFLAKE)\b/],
  ["Easter", "Seasonal", /\b(EASTER|BUNNY|EGG)\b/],
  ["Candles & lights", "Home", /\b(CANDLE|T-LIGHT|TEALIGHT|LANTERN|LIGHT|LAMP|NIGHT LIGHT)\b/],
  ["Bags", "Accessories", /\b(BAG|TOTE|SHOPPER|PURSE)\b/],
  [
    "Kitchen",
    "Home",
    /\b(MUG|CUP|PLATE|BOWL|TEAPOT|TEA|CAKE|BAKING|JAR|TIN|LUNCH BOX|NAPKIN|SPOON|KITCHEN|JUG|BOTTLE)\b/,
  ],
  ["Stationery", "Gifts", /\b(CARD|NOTEBOOK|PEN|PENCIL|WRAP|PAPER|STICKER|ENVELOPE|TAPE|CALENDAR)\b/],
  ["Decoration", "Home", /\b(HEART|HANGING|DECORATION|GARLAND|BUNTING|SIGN|FRAME|CLOCK|MIRROR|ORNAMENT|WREATH)\b/],
  ["Toys & games", "Kids", /\b(TOY|GAME|PUZZLE|DOLL|SPACEBOY|DOLLY|SKITTLES|DOMINOES|CHILDREN|CHILDS)\b/],
  ["Garden", "Home", /\b(GARDEN|PLANT|FLOWER POT|WATERING|BIRD)\b/],
  ["Storage", "Home", /\b(BOX|BASKET|STORAGE|DRAWER|CASE|HOLDER)\b/],
  ["Textiles", "Home", /\b(CUSHION|BLANKET|APRON|TOWEL|COVER|HOT WATER BOTTLE)\b/],
  ["Jewellery", "Accessories", /\b(NECKLACE|BRACELET|EARRINGS|RING|BROOCH|HAIR)\b/],
];
const COLOURS = [
  "WHITE",
  "RED",
  "PINK",
  "BLUE",
  "GREEN",
  "BLACK",
  "IVORY",
  "CREAM",
  "SILVER",
  "GOLD",
  "PURPLE",
  "YELLOW",
  "ORANGE",
  "BROWN",
  "GREY",
];

export function deriveItemFacts(description: string) {
  const text = description.toUpperCase();
  const match = CATEGORIES.find(([, , re]) => re.test(text));
  const [name, group] = match ? [match[0], match[1]] : ["Other", "Gifts"];
  const colour = COLOURS.find((c) => new RegExp(`\\b${c}\\b`).test(text));
  return {
    categories: [
      { category_level: "category_level_0" as const, category_name: group, category_type: "derived" },
      { category_level: "category_level_1" as const, category_name: name, category_type: "derived" },
    ],
    attributes: colour ? [{ attribute_name: "attribute_color", attribute_value: colour.toLowerCase() }] : [],
  };
}

/** "WHITE HANGING HEART T-LIGHT HOLDER" -> "White Hanging Heart T-Light Holder" */
export function titleCase(description: string): string {
  return description
    .trim()
    .toLowerCase()
    .replace(/(^|[\s\-/(])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
}
