/**
 * Which requests of the search route are searches, not keystrokes (pure; ./record-search.ts keeps
 * one per database and writes what it settles):
 * - a request the client marks final (the widget's search bar after a pause or on Enter) is a
 *   search at once; the same final term again from that visitor within CHAIN_MS is not another;
 * - a request marked not final (a keystroke of a client that will mark the search) is none;
 * - otherwise, a visitor's terms each extending or shortening the one before ("s", "sh", "sho",
 *   "shoe") form a chain, recorded once as its longest term (with that term's result count and
 *   time) when no term joined it for CHAIN_MS. A visitor is the touchpoint and the identity
 *   headers: visitors without them share chains, so a client that knows neither should mark its
 *   searches final.
 */

export const CHAIN_MS = 3000;
/** Open chains per visitor (several anonymous visitors type at once) and in all. */
const PER_VISITOR = 8;
const MAX_OPEN = 10_000;

interface Chain<T> {
  visitor: string;
  /** The last term that joined (lower case): the next one joins when it extends or shortens it. */
  latest: string;
  longest: string;
  event: T;
  at: number;
}

const related = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);

export class SearchChains<T> {
  /** Open chains, least recently joined first. */
  private open = new Set<Chain<T>>();
  private byVisitor = new Map<string, Chain<T>[]>();
  private finals = new Map<string, { term: string; at: number }>();

  get size(): number {
    return this.open.size;
  }

  /**
   * A request of the search route; returns the events to record now (a final search, chains it
   * closed). `term` is compared case-insensitively.
   */
  offer(visitor: string, term: string, event: T, final: boolean | undefined, now: number): T[] {
    const folded = term.toLowerCase();
    const out = this.expire(now);
    if (final === false) return out;
    const chains = this.byVisitor.get(visitor) ?? [];
    if (final) {
      // The final term stands for the chain it ends.
      for (const chain of chains.filter((c) => related(c.latest, folded))) this.close(chain);
      const last = this.finals.get(visitor);
      if (this.finals.size >= MAX_OPEN) this.finals.clear();
      // Kept in time order, so expire stops at the first recent one.
      this.finals.delete(visitor);
      this.finals.set(visitor, { term: folded, at: now });
      if (!(last && last.term === folded && now - last.at < CHAIN_MS)) out.push(event);
      return out;
    }
    let chain: Chain<T> | undefined;
    for (const c of chains) if (related(c.latest, folded) && (!chain || c.at > chain.at)) chain = c;
    if (chain) {
      this.open.delete(chain);
      chain.latest = folded;
      chain.at = now;
      if (folded.length > chain.longest.length) {
        chain.longest = folded;
        chain.event = event;
      }
      this.open.add(chain);
      return out;
    }
    if (chains.length >= PER_VISITOR) out.push(this.close(chains[0]!));
    if (this.open.size >= MAX_OPEN) out.push(this.close(this.open.values().next().value!));
    chain = { visitor, latest: folded, longest: folded, event, at: now };
    this.open.add(chain);
    const list = this.byVisitor.get(visitor);
    if (list) list.push(chain);
    else this.byVisitor.set(visitor, [chain]);
    return out;
  }

  /** The events of chains nothing joined for CHAIN_MS. */
  expire(now: number): T[] {
    const out: T[] = [];
    for (const chain of this.open) {
      if (now - chain.at < CHAIN_MS) break;
      out.push(this.close(chain));
    }
    for (const [visitor, last] of this.finals) {
      if (now - last.at < CHAIN_MS) break;
      this.finals.delete(visitor);
    }
    return out;
  }

  /** Every open chain's event (the report is asked for, the process stops). */
  closeAll(): T[] {
    return [...this.open].map((chain) => this.close(chain));
  }

  private close(chain: Chain<T>): T {
    this.open.delete(chain);
    const list = this.byVisitor.get(chain.visitor);
    if (list) {
      const rest = list.filter((c) => c !== chain);
      if (rest.length) this.byVisitor.set(chain.visitor, rest);
      else this.byVisitor.delete(chain.visitor);
    }
    return chain.event;
  }
}
