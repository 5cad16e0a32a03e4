import { itemPictureResponse } from "@/lib/data/serve-item-picture";

/** /img/items/<item_id>.svg: the synthetic picture of a demo item (lib/data/item-picture.ts). */
export async function GET(_request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  return itemPictureResponse((await context.params).file);
}
