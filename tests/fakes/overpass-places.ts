/**
 * The Overpass fake's map: OpenStreetMap-like elements (nodes with lat/lon, ways and relations with
 * a centre) around Paris, Lisbon, Lyon and Marseille (the cities of a trip with several stops), with the tags real ones carry, and a few unnamed ones (as in
 * OSM, many elements have no name) that must never reach a plan.
 */
export type FakeOsmElement = {
  type: "node" | "way" | "relation";
  id: number;
  lat: number;
  lon: number;
  tags: Record<string, string>;
};

/** The destinations' centres, as the geocoder resolves them. */
export const FAKE_DESTINATIONS = {
  paris: { lat: 48.8566, lng: 2.3522 },
  lisbon: { lat: 38.7223, lng: -9.1393 },
  lyon: { lat: 45.764, lng: 4.8357 },
  marseille: { lat: 43.2965, lng: 5.3698 },
  /** Open sea: nothing within any radius. */
  nowhere: { lat: 0, lng: -30 },
} as const;

const paris: FakeOsmElement[] = [
  {
    type: "way",
    id: 1_001,
    lat: 48.8611,
    lon: 2.3358,
    tags: {
      name: "Musée du Louvre",
      tourism: "museum",
      wikidata: "Q19675",
      // A price as OpenStreetMap tags it: quoted in the description, from data.
      fee: "yes",
      charge: "22 EUR",
      opening_hours: "Mo,We,Th,Sa,Su 09:00-18:00; Fr 09:00-21:45; Tu off",
      website: "https://www.louvre.fr/",
      "addr:street": "Rue de Rivoli",
      "addr:postcode": "75001",
      "addr:city": "Paris",
    },
  },
  {
    type: "node",
    id: 1_002,
    lat: 48.86,
    lon: 2.3266,
    tags: {
      name: "Musée d'Orsay",
      tourism: "museum",
      wikipedia: "fr:Musée d'Orsay",
      opening_hours: "Tu-Su 09:30-18:00; Th 09:30-21:45; Mo off",
    },
  },
  // Not notable, and nearer the centre than both museums.
  {
    type: "node",
    id: 1_003,
    lat: 48.8607,
    lon: 2.3646,
    tags: { name: "Galerie Perrotin", tourism: "gallery" },
  },
  {
    type: "node",
    id: 1_004,
    lat: 48.8582,
    lon: 2.3469,
    tags: { name: "Théâtre du Châtelet", amenity: "theatre", website: "chatelet.com" },
  },
  {
    type: "way",
    id: 1_005,
    lat: 48.8738,
    lon: 2.295,
    tags: {
      name: "Arc de Triomphe",
      historic: "monument",
      tourism: "attraction",
      wikidata: "Q64436",
      opening_hours: "Mo-Su 10:00-23:00",
    },
  },
  // Heritage-listed attraction: matches History through heritage + tourism=attraction only.
  {
    type: "node",
    id: 1_006,
    lat: 48.858,
    lon: 2.3488,
    tags: { name: "Tour Saint-Jacques", heritage: "3", tourism: "attraction" },
  },
  // Heritage but not an attraction, and a memorial: History does not want it.
  {
    type: "node",
    id: 1_007,
    lat: 48.857,
    lon: 2.353,
    tags: { name: "Plaque du 25 août 1944", historic: "memorial", heritage: "3" },
  },
  {
    type: "node",
    id: 1_010,
    lat: 48.853,
    lon: 2.3389,
    tags: {
      name: "Le Procope",
      amenity: "restaurant",
      cuisine: "french",
      opening_hours: "Mo-Su 12:00-24:00",
      website: "http://www.procope.com/",
      "addr:street": "Rue de l'Ancienne Comédie",
      "addr:housenumber": "13",
    },
  },
  {
    type: "node",
    id: 1_011,
    lat: 48.8541,
    lon: 2.3326,
    tags: {
      name: "Café de Flore",
      amenity: "cafe",
      wikidata: "Q1026890",
      opening_hours: "Mo-Su 07:30-01:30",
    },
  },
  // No hours, nearest restaurant to the centre.
  {
    type: "node",
    id: 1_012,
    lat: 48.857,
    lon: 2.3526,
    tags: { name: "Bistrot de l'Hôtel de Ville", amenity: "restaurant" },
  },
  // A website that must never reach a page.
  {
    type: "node",
    id: 1_013,
    lat: 48.8575,
    lon: 2.354,
    tags: { name: "Chez Malice", amenity: "restaurant", website: "javascript:alert(1)" },
  },
  // Outside the Food & Dining circle (about 10 km north).
  {
    type: "node",
    id: 1_014,
    lat: 48.95,
    lon: 2.35,
    tags: { name: "Auberge Lointaine", amenity: "restaurant" },
  },
  {
    type: "node",
    id: 1_015,
    lat: 48.8628,
    lon: 2.362,
    tags: {
      name: "Marché des Enfants Rouges",
      amenity: "marketplace",
      opening_hours: "Tu-Sa 08:30-20:30; Su 08:30-17:00; Mo off",
    },
  },
  {
    type: "way",
    id: 1_020,
    lat: 48.8462,
    lon: 2.3372,
    tags: {
      name: "Jardin du Luxembourg",
      leisure: "park",
      wikidata: "Q210720",
      // `fee=no`: "Free entry." in the description (issue 44).
      fee: "no",
      opening_hours: "Mo-Su 07:30-21:30",
    },
  },
  {
    type: "relation",
    id: 1_021,
    lat: 48.8809,
    lon: 2.3828,
    tags: { name: "Parc des Buttes-Chaumont", leisure: "park", wikidata: "Q1503" },
  },
  {
    type: "node",
    id: 1_022,
    lat: 48.8863,
    lon: 2.3431,
    tags: { name: "Parvis du Sacré-Cœur", tourism: "viewpoint" },
  },
  {
    type: "node",
    id: 1_030,
    lat: 48.8735,
    lon: 2.332,
    tags: {
      name: "Galeries Lafayette Haussmann",
      shop: "department_store",
      wikidata: "Q1491159",
      opening_hours: "Mo-Sa 10:00-20:30; Su 11:00-20:00",
    },
  },
  // In no interest's tags (an attraction without a heritage tag): found only by its name, as a
  // location typed in the editor or written by the assistant is.
  {
    type: "way",
    id: 1_060,
    lat: 48.8462,
    lon: 2.3464,
    tags: {
      name: "Panthéon",
      tourism: "attraction",
      historic: "building",
      wikidata: "Q188856",
      opening_hours: "Mo-Su 10:00-18:00",
      website: "https://www.paris-pantheon.fr/",
    },
  },
  // An ordinary shop: not in Shopping (neither a department store nor known to Wikidata).
  {
    type: "node",
    id: 1_031,
    lat: 48.8567,
    lon: 2.3525,
    tags: { name: "Boulangerie du Coin", shop: "bakery" },
  },
  {
    type: "node",
    id: 1_032,
    lat: 48.8661,
    lon: 2.3412,
    tags: { name: "Shakespeare and Company", shop: "books", wikidata: "Q1197226" },
  },
  {
    type: "node",
    id: 1_040,
    lat: 48.876,
    lon: 2.327,
    tags: { name: "Climbing District Saint-Lazare", leisure: "sports_centre", sport: "climbing" },
  },
  // A theme park 35 km away: outside even Adventure's circle.
  {
    type: "way",
    id: 1_041,
    lat: 49.134,
    lon: 2.571,
    tags: { name: "Parc Astérix", tourism: "theme_park", wikidata: "Q1364479" },
  },
  {
    type: "node",
    id: 1_050,
    lat: 48.8419,
    lon: 2.3551,
    tags: {
      name: "Hammam de la Grande Mosquée",
      amenity: "public_bath",
      opening_hours: "Mo-Su 10:00-21:00; PH off",
    },
  },
  // Unnamed elements, nearest of all: never used.
  { type: "node", id: 1_090, lat: 48.8567, lon: 2.3523, tags: { amenity: "restaurant" } },
  { type: "way", id: 1_091, lat: 48.8568, lon: 2.3521, tags: { leisure: "park" } },
  { type: "node", id: 1_092, lat: 48.8566, lon: 2.3524, tags: { tourism: "museum", name: "" } },
];

const lisbon: FakeOsmElement[] = [
  {
    type: "way",
    id: 2_001,
    lat: 38.6979,
    lon: -9.2068,
    tags: {
      name: "Mosteiro dos Jerónimos",
      historic: "monastery",
      heritage: "1",
      wikidata: "Q193296",
      opening_hours: "Tu-Su 09:30-18:00; Mo off; Jan 01,May 01,Dec 25 off",
      website: "https://www.museusemonumentos.pt/pt/museus-e-monumentos/mosteiro-dos-jeronimos",
    },
  },
  {
    type: "way",
    id: 2_002,
    lat: 38.6916,
    lon: -9.216,
    tags: {
      name: "Torre de Belém",
      historic: "fort",
      tourism: "attraction",
      wikidata: "Q207564",
      opening_hours: "Tu-Su 09:30-18:00; Mo off",
    },
  },
  {
    type: "way",
    id: 2_003,
    lat: 38.737,
    lon: -9.1545,
    tags: {
      name: "Museu Calouste Gulbenkian",
      tourism: "museum",
      wikidata: "Q1399",
      opening_hours: "We-Mo 10:00-18:00; Tu off",
    },
  },
  {
    type: "node",
    id: 2_010,
    lat: 38.7206,
    lon: -9.1357,
    tags: { name: "Cervejaria Ramiro", amenity: "restaurant", opening_hours: "Tu-Su 12:00-00:30" },
  },
  {
    type: "node",
    id: 2_011,
    lat: 38.7107,
    lon: -9.1424,
    tags: { name: "A Brasileira", amenity: "cafe", opening_hours: "Mo-Su 08:00-02:00" },
  },
  {
    type: "node",
    id: 2_012,
    lat: 38.7068,
    lon: -9.1459,
    tags: { name: "Time Out Market Lisboa", amenity: "marketplace", wikidata: "Q18378432" },
  },
  { type: "node", id: 2_013, lat: 38.7224, lon: -9.1394, tags: { amenity: "cafe" } },
  {
    type: "way",
    id: 2_020,
    lat: 38.7142,
    lon: -9.1597,
    tags: { name: "Jardim da Estrela", leisure: "park", opening_hours: "Mo-Su 07:00-24:00" },
  },
  {
    type: "node",
    id: 2_021,
    lat: 38.7118,
    lon: -9.1302,
    tags: { name: "Miradouro de Santa Luzia", tourism: "viewpoint" },
  },
  {
    type: "way",
    id: 2_030,
    lat: 38.678,
    lon: -9.337,
    tags: { name: "Praia de Carcavelos", natural: "beach" },
  },
];

const lyon: FakeOsmElement[] = [
  {
    type: "way",
    id: 3_001,
    lat: 45.7623,
    lon: 4.8226,
    tags: {
      name: "Basilique Notre-Dame de Fourvière",
      amenity: "place_of_worship",
      religion: "christian",
      historic: "church",
      tourism: "attraction",
      wikidata: "Q372728",
      opening_hours: "Mo-Su 07:00-19:00",
    },
  },
  {
    type: "way",
    id: 3_002,
    lat: 45.7327,
    lon: 4.8183,
    tags: {
      name: "Musée des Confluences",
      tourism: "museum",
      wikidata: "Q2363522",
      opening_hours: "Tu-Su 10:30-18:30; Th 10:30-22:00; Mo off",
      website: "https://www.museedesconfluences.fr/",
    },
  },
  {
    type: "way",
    id: 3_003,
    lat: 45.7669,
    lon: 4.8337,
    tags: {
      name: "Musée des Beaux-Arts de Lyon",
      tourism: "museum",
      wikidata: "Q511",
      opening_hours: "We-Mo 10:00-18:00; Fr 10:30-18:00; Tu off",
    },
  },
  {
    type: "way",
    id: 3_004,
    lat: 45.7597,
    lon: 4.8198,
    tags: {
      name: "Théâtres romains de Fourvière",
      historic: "archaeological_site",
      heritage: "2",
      tourism: "attraction",
      wikidata: "Q1419616",
      opening_hours: "Mo-Su 07:00-19:00",
    },
  },
  {
    type: "way",
    id: 3_005,
    lat: 45.7608,
    lon: 4.8274,
    tags: {
      name: "Cathédrale Saint-Jean-Baptiste",
      amenity: "place_of_worship",
      historic: "cathedral",
      heritage: "1",
      wikidata: "Q640377",
      opening_hours: "Mo-Fr 08:15-19:45; Sa,Su 08:15-19:00",
    },
  },
  {
    type: "relation",
    id: 3_006,
    lat: 45.7772,
    lon: 4.8559,
    tags: {
      name: "Parc de la Tête d'Or",
      leisure: "park",
      wikidata: "Q1363955",
      opening_hours: "Mo-Su 06:30-22:30",
    },
  },
  {
    type: "node",
    id: 3_007,
    lat: 45.7619,
    lon: 4.8274,
    tags: { name: "Musée Gadagne", tourism: "museum", opening_hours: "We-Su 10:30-18:30" },
  },
  {
    type: "node",
    id: 3_010,
    lat: 45.7617,
    lon: 4.8272,
    tags: {
      name: "Daniel et Denise Saint-Jean",
      amenity: "restaurant",
      cuisine: "french",
      opening_hours: "Tu-Sa 12:00-14:00,19:30-22:00",
    },
  },
  {
    type: "node",
    id: 3_011,
    lat: 45.7693,
    lon: 4.8311,
    tags: {
      name: "Le Bouchon des Filles",
      amenity: "restaurant",
      cuisine: "regional",
      opening_hours: "Mo-Su 19:00-23:00; Sa,Su 12:00-14:00",
    },
  },
  {
    type: "node",
    id: 3_012,
    lat: 45.7566,
    lon: 4.8282,
    tags: {
      name: "Café Comptoir Abel",
      amenity: "restaurant",
      opening_hours: "Mo-Sa 12:00-14:00,19:30-22:00",
    },
  },
  {
    type: "node",
    id: 3_013,
    lat: 45.7479,
    lon: 4.8258,
    tags: {
      name: "Brasserie Georges",
      amenity: "restaurant",
      wikidata: "Q2924585",
      opening_hours: "Mo-Su 11:30-23:00",
    },
  },
  {
    type: "node",
    id: 3_014,
    lat: 45.7655,
    lon: 4.8299,
    tags: { name: "Les Fines Gueules", amenity: "restaurant", opening_hours: "Mo-Sa 12:00-22:30" },
  },
  {
    type: "node",
    id: 3_015,
    lat: 45.7675,
    lon: 4.8344,
    tags: { name: "Café des Fédérations", amenity: "cafe", opening_hours: "Mo-Su 08:00-23:00" },
  },
  {
    type: "way",
    id: 3_020,
    lat: 45.763,
    lon: 4.8508,
    tags: {
      name: "Les Halles de Lyon Paul Bocuse",
      amenity: "marketplace",
      wikidata: "Q3229532",
      opening_hours: "Tu-Sa 07:00-19:00; Su 07:00-13:00",
    },
  },
  { type: "node", id: 3_092, lat: 45.764, lon: 4.8358, tags: { tourism: "museum", name: "" } },
];

const marseille: FakeOsmElement[] = [
  {
    type: "way",
    id: 4_001,
    lat: 43.284,
    lon: 5.3712,
    tags: {
      name: "Basilique Notre-Dame de la Garde",
      amenity: "place_of_worship",
      historic: "church",
      tourism: "attraction",
      wikidata: "Q1056",
      opening_hours: "Mo-Su 07:00-18:15",
    },
  },
  {
    type: "way",
    id: 4_002,
    lat: 43.2966,
    lon: 5.361,
    tags: {
      name: "MuCEM",
      tourism: "museum",
      wikidata: "Q1163016",
      opening_hours: "We-Mo 10:00-18:00; Tu off",
      website: "https://www.mucem.org/",
    },
  },
  {
    type: "way",
    id: 4_003,
    lat: 43.3044,
    lon: 5.3947,
    tags: {
      name: "Palais Longchamp",
      historic: "building",
      tourism: "attraction",
      heritage: "2",
      wikidata: "Q1542208",
      opening_hours: "Tu-Su 09:00-18:00",
    },
  },
  {
    type: "way",
    id: 4_004,
    lat: 43.2993,
    lon: 5.3671,
    tags: {
      name: "Centre de la Vieille Charité",
      tourism: "museum",
      historic: "building",
      wikidata: "Q2945655",
      opening_hours: "Tu-Su 09:00-18:00",
    },
  },
  {
    type: "way",
    id: 4_005,
    lat: 43.2957,
    lon: 5.3615,
    tags: {
      name: "Fort Saint-Jean",
      historic: "castle",
      heritage: "2",
      opening_hours: "We-Mo 10:00-18:00",
    },
  },
  {
    type: "node",
    id: 4_010,
    lat: 43.2806,
    lon: 5.3512,
    tags: {
      name: "Chez Fonfon",
      amenity: "restaurant",
      cuisine: "fish",
      opening_hours: "Tu-Sa 12:00-14:00,19:00-22:00",
    },
  },
  {
    type: "node",
    id: 4_011,
    lat: 43.2953,
    lon: 5.3737,
    tags: {
      name: "Le Miramar",
      amenity: "restaurant",
      cuisine: "seafood",
      opening_hours: "Mo-Su 12:00-14:30,19:00-22:30",
    },
  },
  {
    type: "node",
    id: 4_012,
    lat: 43.2957,
    lon: 5.3733,
    tags: { name: "La Caravelle", amenity: "cafe", opening_hours: "Mo-Su 07:00-02:00" },
  },
  {
    type: "node",
    id: 4_013,
    lat: 43.2922,
    lon: 5.3707,
    tags: { name: "Les Arcenaulx", amenity: "restaurant", opening_hours: "Mo-Sa 12:00-23:00" },
  },
  {
    type: "relation",
    id: 4_020,
    lat: 43.2802,
    lon: 5.3823,
    tags: { name: "Parc Pierre Puget", leisure: "park", opening_hours: "Mo-Su 08:00-19:00" },
  },
];

export const OVERPASS_DATASET: readonly FakeOsmElement[] = [
  ...paris,
  ...lisbon,
  ...lyon,
  ...marseille,
];
