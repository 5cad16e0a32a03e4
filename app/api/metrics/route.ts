/** Prometheus metrics of this process, behind METRICS_TOKEN (lib/metrics/answer-scrape.ts); 404 without it. */
import { answerScrape } from "@/lib/metrics/answer-scrape";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return answerScrape(request);
}
