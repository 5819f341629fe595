import type { PackingTemplate } from "#shared/schemas/packing.ts";

type Entry = [name: string, category: string, quantity?: number];

const template = (id: string, name: string, entries: Entry[]): PackingTemplate => ({
  id,
  name,
  builtIn: true,
  items: entries.map(([itemName, category, quantity = 1]) => ({
    name: itemName,
    category,
    quantity,
  })),
});

const ESSENTIALS: Entry[] = [
  ["Phone charger", "Electronics"],
  ["Toothbrush and toothpaste", "Toiletries"],
  ["Medication", "Health"],
  ["Wallet and cards", "Documents"],
  ["ID or passport", "Documents"],
];

/**
 * The templates every traveller can start from (issue 49: city break, beach, winter, hiking,
 * business). Their ids are words, not uuids, so a link or a test can name them.
 */
export const BUILTIN_TEMPLATES: readonly PackingTemplate[] = [
  template("city-break", "City break", [
    ...ESSENTIALS,
    ["Comfortable walking shoes", "Footwear"],
    ["Day bag", "Gear"],
    ["Power bank", "Electronics"],
    ["Light jacket", "Clothing"],
    ["T-shirts", "Clothing", 3],
    ["Underwear", "Clothing", 3],
    ["Socks", "Clothing", 3],
  ]),
  template("beach", "Beach", [
    ...ESSENTIALS,
    ["Swimsuit", "Clothing", 2],
    ["Beach towel", "Gear"],
    ["Sunscreen", "Toiletries"],
    ["Sunglasses", "Gear"],
    ["Sun hat", "Clothing"],
    ["Flip-flops", "Footwear"],
    ["After-sun lotion", "Toiletries"],
  ]),
  template("winter", "Winter", [
    ...ESSENTIALS,
    ["Heavy coat", "Clothing"],
    ["Thermal layers", "Clothing", 2],
    ["Hat", "Clothing"],
    ["Gloves", "Clothing"],
    ["Scarf", "Clothing"],
    ["Waterproof boots", "Footwear"],
    ["Wool socks", "Clothing", 4],
    ["Lip balm", "Toiletries"],
  ]),
  template("hiking", "Hiking", [
    ...ESSENTIALS,
    ["Hiking boots", "Footwear"],
    ["Daypack", "Gear"],
    ["Water bottle", "Gear"],
    ["Rain jacket", "Clothing"],
    ["First-aid kit", "Health"],
    ["Trail snacks", "Food"],
    ["Map or offline maps", "Gear"],
    ["Headlamp", "Gear"],
  ]),
  template("business", "Business", [
    ...ESSENTIALS,
    ["Suit or formal outfit", "Clothing"],
    ["Dress shoes", "Footwear"],
    ["Shirts", "Clothing", 3],
    ["Laptop and charger", "Electronics"],
    ["Business cards", "Documents"],
    ["Notebook and pen", "Gear"],
  ]),
];

export const builtinTemplate = (id: string) => BUILTIN_TEMPLATES.find((t) => t.id === id) ?? null;
export const isBuiltinTemplateId = (id: string) => builtinTemplate(id) !== null;
