"use client";

import { useEffect, useState } from "react";
import { whenLumen } from "./lumen-client";

/** A product page's events: a view when it opens, add_to_cart on the button. */
export function ItemActions({ itemId, price }: { itemId: string; price: number }) {
  const [added, setAdded] = useState(0);
  useEffect(() => whenLumen((l) => l.track("view", { item_id: itemId })), [itemId]);
  const add = () =>
    whenLumen((l) => {
      l.track("add_to_cart", { item_id: itemId, quantity: 1, price });
      setAdded((n) => n + 1);
    });
  return (
    <div className="mt-4 flex items-center gap-3">
      <button
        type="button"
        onClick={add}
        className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700"
      >
        Add to cart
      </button>
      <span className="text-sm text-stone-700" aria-live="polite">
        {added > 0 ? `In your cart: ${added}` : ""}
      </span>
    </div>
  );
}
