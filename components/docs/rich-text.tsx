import { Fragment } from "react";

/** Text with `code` spans, split into paragraphs at blank lines (the subset of Markdown our descriptions use). */
export function RichText({ text, className }: { text: string; className?: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim() !== "");
  return (
    <div className={className}>
      {paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
        <p key={index} className={index > 0 ? "mt-2 break-words" : "break-words"}>
          <InlineCode text={paragraph} />
        </p>
      ))}
    </div>
  );
}

export function InlineCode({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`)/);
  return (
    <>
      {parts.map((part, index) =>
        part.startsWith("`") && part.endsWith("`") && part.length > 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed text
          <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
            {part.slice(1, -1)}
          </code>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of a fixed text
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
