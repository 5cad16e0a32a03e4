"use client";
/**
 * Creating or editing an e-mail template: its name and HTML, placeholder buttons that insert at
 * the cursor, and the HTML drawn as a mail client would draw it (placeholders as written). The
 * server's 422 errors (an unknown placeholder names html) appear next to their fields.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { type TTemplate, type TTemplateInput, ZTemplateInput } from "@/lib/campaigns/template-schemas";
import { applyServerErrors } from "../api/form-errors";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { FormField, fieldA11y } from "../ui/form-field";
import { fieldClass, Input } from "../ui/input";
import { useDebounced } from "./editor-queries";
import { EmailFrame } from "./email-frame";
import { PlaceholderBar } from "./group-fields";
import { useSaveTemplate } from "./template-api";

const FIELDS = ["name", "html"] as const;

export const STARTER_HTML = `<!doctype html>
<html>
<body style="font-family:sans-serif">
  <h1>Hello {ph_customer.vocative_name}</h1>
  <p>We picked <a href="{ph_product_1.url}">{ph_product_1.name}</a> for you: {ph_product_1.price}.</p>
</body>
</html>
`;

export function TemplateForm({ template, onDone }: { template?: TTemplate; onDone: (saved?: TTemplate) => void }) {
  const save = useSaveTemplate(template?.template_id);
  const id = template?.template_id ?? "new-template";
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZTemplateInput>, unknown, TTemplateInput>({
    resolver: zodResolver(ZTemplateInput),
    defaultValues: { name: template?.name ?? "", html: template?.html ?? STARTER_HTML },
  });
  const html = useDebounced(useWatch({ control, name: "html" }) ?? "", 400);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const [focused, setFocused] = useState(false);
  const htmlField = register("html");

  const insert = (placeholder: string) => {
    const element = area.current;
    if (!element) return;
    const value = getValues("html") ?? "";
    const start = element.selectionStart ?? value.length;
    const end = element.selectionEnd ?? start;
    setValue("html", value.slice(0, start) + placeholder + value.slice(end), { shouldDirty: true });
    element.focus();
    const cursor = start + placeholder.length;
    element.setSelectionRange(cursor, cursor);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      onDone(await save.mutateAsync(values));
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={template ? `Edit ${template.name}` : "New e-mail template"}>
      <fieldset disabled={isSubmitting} className="space-y-4">
        {errors.root?.server && <Alert tone="error">{errors.root.server.message}</Alert>}
        <FormField id={`${id}-name`} label="Name" error={errors.name?.message} className="sm:w-96">
          <Input {...fieldA11y(`${id}-name`, errors.name?.message)} {...register("name")} />
        </FormField>
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="space-y-2">
            <FormField id={`${id}-html`} label="HTML" error={errors.html?.message}>
              <textarea
                rows={18}
                spellCheck={false}
                className={`${fieldClass} font-mono text-xs`}
                {...fieldA11y(`${id}-html`, errors.html?.message)}
                {...htmlField}
                ref={(element) => {
                  htmlField.ref(element);
                  area.current = element;
                }}
                onFocus={() => setFocused(true)}
              />
            </FormField>
            <PlaceholderBar onInsert={insert} focused={focused ? "html" : undefined} />
          </div>
          <div className="space-y-1">
            <p className="text-sm font-medium text-slate-700">Preview</p>
            <EmailFrame html={html} title="Preview of the template" className="h-[28rem]" />
            <p className="text-xs text-slate-500">
              When sent, placeholders are filled per customer, links become tracked short links, and an unsubscribe
              footer and an open pixel are added before &lt;/body&gt;.
            </p>
          </div>
        </div>
        {template && (
          <p className="text-xs text-slate-600">
            Campaigns using this template that are approved (or partly) go back for approval when its HTML changes.
          </p>
        )}
        <div className="flex gap-2">
          <Button type="submit">{isSubmitting ? "Saving…" : template ? "Save template" : "Create template"}</Button>
          <Button variant="ghost" onClick={() => onDone()}>
            Cancel
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
