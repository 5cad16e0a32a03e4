/**
 * Synthetic personal data for demo customers: the Online Retail data has no names, ages, genders,
 * e-mails or phones. Everything here is derived deterministically from the customer id, uses the
 * reserved example.com domain and the North American numbers kept for fiction (555-0100 to
 * 555-0199 in ten area codes: valid numbers no one holds; the UK's drama range 07700 900xxx is not
 * a valid number to libphonenumber, so intake would drop it), and the rows are stored with
 * is_synthetic = true.
 */
import { mulberry32, pick, seedOf } from "@/lib/data/prng";

/** Area codes for the fictional 555-01xx numbers (one thousand numbers with the suffix). */
const FICTION_AREA_CODES = [201, 202, 212, 213, 305, 312, 415, 512, 617, 702];

const FEMALE = [
  "Olivia",
  "Amelia",
  "Isla",
  "Ava",
  "Emily",
  "Sophie",
  "Grace",
  "Mia",
  "Poppy",
  "Ella",
  "Lily",
  "Freya",
  "Chloe",
  "Hannah",
  "Anna",
  "Lucy",
  "Clara",
  "Marie",
  "Elena",
  "Sara",
];
const MALE = [
  "Oliver",
  "George",
  "Harry",
  "Jack",
  "Noah",
  "Leo",
  "Arthur",
  "Oscar",
  "Charlie",
  "Thomas",
  "James",
  "William",
  "Henry",
  "Lucas",
  "Max",
  "Adam",
  "Daniel",
  "Paul",
  "Peter",
  "Samuel",
];
const LAST = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Robinson",
  "Wright",
  "Thompson",
  "Evans",
  "Walker",
  "White",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Jackson",
  "Clarke",
  "Martin",
  "Moreau",
  "Schmidt",
  "Garcia",
  "Rossi",
];
const UK_CITIES = [
  "London",
  "Manchester",
  "Birmingham",
  "Leeds",
  "Glasgow",
  "Bristol",
  "Liverpool",
  "Edinburgh",
  "Cardiff",
  "Nottingham",
  "Sheffield",
  "Brighton",
];
const CAPITALS: Record<string, string> = {
  Germany: "Berlin",
  France: "Paris",
  EIRE: "Dublin",
  Spain: "Madrid",
  Netherlands: "Amsterdam",
  Belgium: "Brussels",
  Switzerland: "Bern",
  Portugal: "Lisbon",
  Australia: "Canberra",
  Norway: "Oslo",
  Italy: "Rome",
  "Channel Islands": "St Helier",
  Finland: "Helsinki",
  Cyprus: "Nicosia",
  Sweden: "Stockholm",
  Austria: "Vienna",
  Denmark: "Copenhagen",
  Japan: "Tokyo",
  Poland: "Warsaw",
  Israel: "Jerusalem",
  USA: "Washington",
  "Hong Kong": "Hong Kong",
  Singapore: "Singapore",
  Iceland: "Reykjavik",
  Canada: "Ottawa",
  Greece: "Athens",
  Malta: "Valletta",
  "United Arab Emirates": "Abu Dhabi",
  "European Community": "Brussels",
  RSA: "Pretoria",
  Lebanon: "Beirut",
  Lithuania: "Vilnius",
  Brazil: "Brasilia",
  "Czech Republic": "Prague",
  Bahrain: "Manama",
  "Saudi Arabia": "Riyadh",
};

export interface SyntheticPerson {
  first_name: string;
  last_name: string;
  vocative_name: string;
  gender: "female" | "male";
  age: number;
  email: string;
  phone_number: string;
  city: string;
  email_consent: boolean;
  sms_consent: boolean;
  viber_consent: boolean;
}

export function syntheticPerson(customerId: string, country: string): SyntheticPerson {
  const random = mulberry32(seedOf(`person:${customerId}`));
  const gender = random() < 0.55 ? "female" : "male";
  const first = pick(random, gender === "female" ? FEMALE : MALE);
  const last = pick(random, LAST);
  // Ages of online shoppers: a bell around 42, clipped to 18-80.
  const age = Math.min(80, Math.max(18, Math.round(42 + (random() + random() + random() - 1.5) * 24)));
  const phoneSuffix = String(seedOf(customerId) % 1000).padStart(3, "0");
  return {
    first_name: first,
    last_name: last,
    vocative_name: first,
    gender,
    age,
    email: `${first}.${last}.${customerId}@example.com`.toLowerCase(),
    phone_number: `+1 ${FICTION_AREA_CODES[Number(phoneSuffix) % 10]} 555 01${phoneSuffix.slice(0, 2)}`,
    city: country === "United Kingdom" ? pick(random, UK_CITIES) : (CAPITALS[country] ?? country),
    email_consent: random() < 0.7,
    sms_consent: random() < 0.5,
    viber_consent: random() < 0.35,
  };
}
