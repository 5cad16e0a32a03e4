/** An item as the demo store's product page shows it (its picture as the content route answers it). */
import { answeredImage } from "@/lib/data/item-picture";
import { getDatabase } from "@/lib/db/client";

export interface DemoItem {
  item_id: string;
  item_name: string;
  product_price: number;
  original_price: number;
  currency: string;
  image: string;
  categories: string[];
}

export async function getDemoItem(itemId: string): Promise<DemoItem | undefined> {
  const { prisma } = await getDatabase();
  const item = await prisma.item.findUnique({ where: { item_id: itemId } });
  if (!item?.is_active) return undefined;
  const categories = Array.isArray(item.categories)
    ? item.categories.flatMap((c) => {
        const name = (c as { category_name?: unknown } | null)?.category_name;
        return typeof name === "string" && name ? [name] : [];
      })
    : [];
  return {
    item_id: item.item_id,
    item_name: item.item_name || item.item_id,
    product_price: item.product_price,
    original_price: item.original_price,
    currency: item.currency,
    image: answeredImage(item),
    categories,
  };
}
