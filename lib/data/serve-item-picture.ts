/** GET /img/items/<item_id>.svg: a demo item's synthetic picture (./item-picture.ts). */
import { getDatabase } from "@/lib/db/client";
import { itemPicturePath, itemPictureSvg } from "./item-picture";

const HEADERS = {
  "content-type": "image/svg+xml; charset=utf-8",
  // The same item draws the same picture; a renamed item shows its new name within the day.
  "cache-control": "public, max-age=86400",
  // An SVG opened on its own is a document: nothing in it may run or load.
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
  "x-content-type-options": "nosniff",
  "access-control-allow-origin": "*",
};

export async function itemPictureResponse(file: string): Promise<Response> {
  const itemId = file.endsWith(".svg") ? file.slice(0, -4) : undefined;
  const item = itemId
    ? await (await getDatabase()).prisma.item.findUnique({
        where: { item_id: itemId },
        select: {
          item_id: true,
          item_name: true,
          categories: true,
          attributes: true,
          is_synthetic: true,
          main_image: true,
        },
      })
    : null;
  // Only demo items are drawn (synthetic ones, and those the demo loader gave this picture): a
  // shop's own catalog is not published here.
  if (!item || !(item.is_synthetic || item.main_image === itemPicturePath(item.item_id))) {
    return new Response("no such picture", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  return new Response(itemPictureSvg(item), { headers: HEADERS });
}
