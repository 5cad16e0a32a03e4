/**
 * A small hand-written word table for the synthetic multilingual evaluation: common words of the
 * Online Retail product descriptions (a UK gift shop) in German, French, Polish, Serbian
 * (Cyrillic; the Latin script is derived by the standard transliteration), Greek, Russian and
 * Japanese. Dictionary forms, singular; good enough to make titles and queries of real product
 * vocabulary, not a translation of the catalog. Each language's words are distinct (checked),
 * so a word never stands for two English ones.
 */
export const LANGUAGES = ["de", "fr", "pl", "sr-Cyrl", "sr-Latn", "el", "ru", "ja"] as const;
export type Language = (typeof LANGUAGES)[number];

/** English word (as our analyzer gives it: singular, folded) -> de, fr, pl, sr (Cyrillic), el, ru, ja. */
export const WORDS: Record<string, [string, string, string, string, string, string, string]> = {
  pink: ["rosa", "rose", "różowy", "розе", "ροζ", "розовый", "ピンク"],
  heart: ["Herz", "cœur", "serce", "срце", "καρδιά", "сердце", "ハート"],
  blue: ["blau", "bleu", "niebieski", "плави", "μπλε", "синий", "青い"],
  red: ["rot", "rouge", "czerwony", "црвени", "κόκκινο", "красный", "赤い"],
  bag: ["Tasche", "sac", "torba", "торба", "τσάντα", "сумка", "バッグ"],
  christmas: ["Weihnachten", "Noël", "świąteczny", "божићни", "χριστουγεννιάτικο", "рождественский", "クリスマス"],
  glass: ["Glas", "verre", "szkło", "стакло", "γυαλί", "стекло", "ガラス"],
  box: ["Schachtel", "boîte", "pudełko", "кутија", "κουτί", "коробка", "箱"],
  white: ["weiß", "blanc", "biały", "бели", "λευκό", "белый", "白い"],
  holder: ["Halter", "support", "uchwyt", "држач", "θήκη", "держатель", "ホルダー"],
  small: ["klein", "petit", "mały", "мали", "μικρό", "маленький", "小さい"],
  flower: ["Blume", "fleur", "kwiat", "цвет", "λουλούδι", "цветок", "花"],
  metal: ["Metall", "métal", "metalowy", "метални", "μεταλλικό", "металлический", "金属"],
  large: ["groß", "grand", "duży", "велики", "μεγάλο", "большой", "大きい"],
  hanging: ["hängend", "suspendu", "wiszący", "висећи", "κρεμαστό", "подвесной", "吊り下げ"],
  green: ["grün", "vert", "zielony", "зелени", "πράσινο", "зелёный", "緑"],
  decoration: ["Dekoration", "décoration", "dekoracja", "украс", "διακόσμηση", "украшение", "飾り"],
  necklace: ["Halskette", "collier", "naszyjnik", "огрлица", "κολιέ", "ожерелье", "ネックレス"],
  black: ["schwarz", "noir", "czarny", "црни", "μαύρο", "чёрный", "黒い"],
  wall: ["Wand", "mur", "ścienny", "зидни", "τοίχου", "настенный", "壁掛け"],
  candle: ["Kerze", "bougie", "świeca", "свећа", "κερί", "свеча", "キャンドル"],
  silver: ["Silber", "argent", "srebrny", "сребрни", "ασημί", "серебряный", "銀色"],
  paper: ["Papier", "papier", "papierowy", "папир", "χαρτί", "бумага", "紙"],
  cake: ["Kuchen", "gâteau", "ciasto", "торта", "κέικ", "торт", "ケーキ"],
  card: ["Karte", "carte", "kartka", "честитка", "κάρτα", "открытка", "カード"],
  garden: ["Garten", "jardin", "ogrodowy", "баштенски", "κήπου", "садовый", "ガーデン"],
  mug: ["Becher", "mug", "kubek", "шоља", "κούπα", "кружка", "マグカップ"],
  earring: ["Ohrringe", "boucles", "kolczyki", "минђуше", "σκουλαρίκια", "серьги", "イヤリング"],
  bracelet: ["Armband", "bracelet", "bransoletka", "наруквица", "βραχιόλι", "браслет", "ブレスレット"],
  ivory: ["elfenbein", "ivoire", "kość", "слоновача", "ελεφαντόδοντο", "слоновая", "アイボリー"],
  cover: ["Bezug", "housse", "pokrowiec", "навлака", "κάλυμμα", "чехол", "カバー"],
  sign: ["Schild", "panneau", "tabliczka", "табла", "πινακίδα", "табличка", "看板"],
  gift: ["Geschenk", "cadeau", "prezent", "поклон", "δώρο", "подарок", "ギフト"],
  tree: ["Baum", "arbre", "drzewko", "дрво", "δέντρο", "ёлка", "ツリー"],
  egg: ["Ei", "œuf", "jajko", "јаје", "αυγό", "яйцо", "卵"],
  star: ["Stern", "étoile", "gwiazda", "звезда", "αστέρι", "звезда", "星"],
  love: ["Liebe", "amour", "miłość", "љубав", "αγάπη", "любовь", "ラブ"],
  bowl: ["Schüssel", "bol", "miska", "чинија", "μπολ", "миска", "ボウル"],
  tea: ["Tee", "thé", "herbata", "чај", "τσάι", "чай", "お茶"],
  mirror: ["Spiegel", "miroir", "lustro", "огледало", "καθρέφτης", "зеркало", "鏡"],
  crystal: ["Kristall", "cristal", "kryształ", "кристал", "κρύσταλλο", "хрусталь", "クリスタル"],
  cushion: ["Kissen", "coussin", "poduszka", "јастук", "μαξιλάρι", "подушка", "クッション"],
  frame: ["Rahmen", "cadre", "ramka", "рам", "κορνίζα", "рамка", "フレーム"],
  easter: ["Ostern", "Pâques", "wielkanocny", "ускршњи", "πασχαλινό", "пасхальный", "イースター"],
  wooden: ["hölzern", "bois", "drewniany", "дрвени", "ξύλινο", "деревянный", "木製"],
  ceramic: ["Keramik", "céramique", "ceramiczny", "керамички", "κεραμικό", "керамический", "陶器"],
  bird: ["Vogel", "oiseau", "ptak", "птица", "πουλί", "птица", "鳥"],
  clock: ["Uhr", "horloge", "zegar", "сат", "ρολόι", "часы", "時計"],
  party: ["Party", "fête", "imprezowy", "журка", "πάρτι", "вечеринка", "パーティー"],
  gold: ["Gold", "doré", "złoty", "златни", "χρυσό", "золотой", "金色"],
  girl: ["Mädchen", "fille", "dziewczynka", "девојчица", "κορίτσι", "девочка", "女の子"],
  bottle: ["Flasche", "bouteille", "butelka", "флаша", "μπουκάλι", "бутылка", "ボトル"],
  hook: ["Haken", "crochet", "haczyk", "кука", "γάντζος", "крючок", "フック"],
  antique: ["antik", "ancien", "antyczny", "антички", "αντίκα", "антикварный", "アンティーク"],
  butterfly: ["Schmetterling", "papillon", "motyl", "лептир", "πεταλούδα", "бабочка", "蝶"],
  key: ["Schlüssel", "clé", "klucz", "кључ", "κλειδί", "ключ", "鍵"],
  jar: ["Einmachglas", "bocal", "słoik", "тегла", "βάζο", "банка", "瓶"],
  purple: ["lila", "violet", "fioletowy", "љубичасти", "μωβ", "фиолетовый", "紫"],
  photo: ["Foto", "photo", "zdjęcie", "фото", "φωτογραφία", "фото", "写真"],
  cup: ["Tasse", "tasse", "filiżanka", "шољица", "φλιτζάνι", "чашка", "カップ"],
  drawer: ["Schublade", "tiroir", "szuflada", "фиока", "συρτάρι", "ящик", "引き出し"],
  tray: ["Tablett", "plateau", "taca", "послужавник", "δίσκος", "поднос", "トレイ"],
  birthday: ["Geburtstag", "anniversaire", "urodzinowy", "рођендански", "γενεθλίων", "день-рождения", "誕生日"],
  plate: ["Teller", "assiette", "talerz", "тањир", "πιάτο", "тарелка", "皿"],
  notebook: ["Notizbuch", "carnet", "notes", "свеска", "σημειωματάριο", "блокнот", "ノート"],
  chocolate: ["Schokolade", "chocolat", "czekolada", "чоколада", "σοκολάτα", "шоколад", "チョコレート"],
  rabbit: ["Hase", "lapin", "królik", "зец", "κουνέλι", "кролик", "うさぎ"],
  table: ["Tisch", "table", "stół", "сто", "τραπέζι", "стол", "テーブル"],
  kitchen: ["Küche", "cuisine", "kuchenny", "кухињски", "κουζίνας", "кухонный", "キッチン"],
  storage: ["Aufbewahrung", "rangement", "przechowywanie", "одлагање", "αποθήκευσης", "хранение", "収納"],
  strawberry: ["Erdbeere", "fraise", "truskawka", "јагода", "φράουλα", "клубника", "いちご"],
  dog: ["Hund", "chien", "pies", "пас", "σκύλος", "собака", "犬"],
  bell: ["Glocke", "cloche", "dzwonek", "звонце", "καμπάνα", "колокольчик", "ベル"],
  magnet: ["Magnet", "aimant", "magnes", "магнет", "μαγνήτης", "магнит", "マグネット"],
  book: ["Buch", "livre", "książka", "књига", "βιβλίο", "книга", "本"],
  door: ["Tür", "porte", "drzwi", "врата", "πόρτα", "дверь", "ドア"],
  basket: ["Korb", "panier", "koszyk", "корпа", "καλάθι", "корзина", "かご"],
  lantern: ["Laterne", "lanterne", "lampion", "фењер", "φανάρι", "фонарь", "ランタン"],
  cat: ["Katze", "chat", "kot", "мачка", "γάτα", "кошка", "猫"],
  ribbon: ["Band", "ruban", "wstążka", "трака", "κορδέλα", "лента", "リボン"],
  light: ["Licht", "lumière", "światło", "светло", "φως", "свет", "ライト"],
  leaf: ["Blatt", "feuille", "liść", "лист", "φύλλο", "листок", "葉"],
  coffee: ["Kaffee", "café", "kawa", "кафа", "καφές", "кофе", "コーヒー"],
  skull: ["Totenkopf", "crâne", "czaszka", "лобања", "κρανίο", "череп", "スカル"],
  bead: ["Perle", "perle", "koralik", "перла", "χάντρα", "бусина", "ビーズ"],
};

const SERBIAN_LATIN: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  ђ: "đ",
  е: "e",
  ж: "ž",
  з: "z",
  и: "i",
  ј: "j",
  к: "k",
  л: "l",
  љ: "lj",
  м: "m",
  н: "n",
  њ: "nj",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  ћ: "ć",
  у: "u",
  ф: "f",
  х: "h",
  ц: "c",
  ч: "č",
  џ: "dž",
  ш: "š",
};

/** Serbian Cyrillic written in Serbian Latin (with its letters č, ć, đ, š, ž). */
export function serbianLatin(text: string): string {
  let out = "";
  for (const c of text) {
    const lower = c.toLowerCase();
    const latin = SERBIAN_LATIN[lower];
    out += latin === undefined ? c : c === lower ? latin : latin[0]!.toUpperCase() + latin.slice(1);
  }
  return out;
}

/** A word in a language (Serbian Latin from the Cyrillic). */
export function translate(english: string, language: Language): string | undefined {
  const row = WORDS[english];
  if (!row) return undefined;
  const column = { de: 0, fr: 1, pl: 2, "sr-Cyrl": 3, "sr-Latn": 3, el: 4, ru: 5, ja: 6 }[language];
  const word = row[column]!;
  return language === "sr-Latn" ? serbianLatin(word) : word;
}
