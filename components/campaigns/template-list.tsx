"use client";
/**
 * The e-mail templates: a list (name, author, last change) searched by name, a form to create or
 * edit one, and delete after a confirmation; a template that campaigns use cannot be deleted, and
 * the dialog then shows the server's answer naming them.
 */
import { useState } from "react";
import type { TTemplateSummary } from "@/lib/campaigns/template-schemas";
import { errorMessage } from "../api/client";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { formatDateTime } from "../ui/format";
import { Input } from "../ui/input";
import { Table, TBody, Td, Th } from "../ui/table";
import { useDebounced } from "./editor-queries";
import { TEMPLATE_PAGE, useDeleteTemplate, useTemplate, useTemplates } from "./template-api";
import { TemplateForm } from "./template-form";

export function TemplateList() {
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const list = useTemplates({ search: useDebounced(search.trim(), 250), offset });
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TTemplateSummary>();
  const [notice, setNotice] = useState<string>();
  const remove = useDeleteTemplate();
  const rows = list.data?.templates ?? [];
  const count = list.data?.count ?? 0;

  const done = (message?: string) => {
    setEditing(null);
    setNotice(message);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Input
          aria-label="Search templates"
          placeholder="Search by name"
          className="sm:w-80"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setOffset(0);
          }}
        />
        <Button className="sm:ml-auto" onClick={() => setEditing("new")} disabled={editing === "new"}>
          New template
        </Button>
      </div>
      {notice && <Alert tone="info">{notice}</Alert>}
      {editing === "new" && (
        <Card className="space-y-3">
          <CardTitle>New e-mail template</CardTitle>
          <TemplateForm onDone={(saved) => done(saved && `Template ${saved.name} created.`)} />
        </Card>
      )}
      {editing && editing !== "new" && (
        <EditTemplate id={editing} onDone={(name) => done(name && `Template ${name} saved.`)} />
      )}
      <Card aria-label="E-mail templates">
        {list.isPending ? (
          <p role="status" className="py-6 text-sm text-slate-500">
            Loading templates…
          </p>
        ) : list.error ? (
          <Alert tone="error">{errorMessage(list.error)}</Alert>
        ) : rows.length === 0 ? (
          <p className="py-6 text-sm text-slate-500">
            {search.trim()
              ? "No template matches."
              : "No templates yet. A template is the HTML of an e-mail that campaign groups can use instead of plain text."}
          </p>
        ) : (
          <Table>
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Author</Th>
                <Th>Modified</Th>
                <Th className="text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <TBody>
              {rows.map((t) => (
                <tr key={t.template_id} data-testid="template-row">
                  <Td className="font-medium text-slate-900">{t.name}</Td>
                  <Td>{t.author}</Td>
                  <Td className="tabular-nums">{formatDateTime(t.date_modified)}</Td>
                  <Td className="space-x-1.5 text-right">
                    <Button size="sm" variant="secondary" onClick={() => setEditing(t.template_id)}>
                      Edit<span className="sr-only"> {t.name}</span>
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => {
                        remove.reset();
                        setDeleting(t);
                      }}
                    >
                      Delete<span className="sr-only"> {t.name}</span>
                    </Button>
                  </Td>
                </tr>
              ))}
            </TBody>
          </Table>
        )}
        {count > TEMPLATE_PAGE && (
          <div className="mt-3 flex items-center justify-between text-sm text-slate-600">
            <p className="tabular-nums">
              {offset + 1}–{Math.min(offset + TEMPLATE_PAGE, count)} of {count}
            </p>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={offset === 0}
                onClick={() => setOffset(offset - TEMPLATE_PAGE)}
              >
                Previous
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={offset + TEMPLATE_PAGE >= count}
                onClick={() => setOffset(offset + TEMPLATE_PAGE)}
              >
                Next
              </Button>
            </div>
          </div>
        )}
      </Card>
      <ConfirmDialog
        open={!!deleting}
        title={`Delete the template ${deleting?.name ?? ""}?`}
        confirmLabel="Delete template"
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            const answer = await remove.mutateAsync(deleting.template_id);
            setDeleting(undefined);
            if (editing === deleting.template_id) setEditing(null);
            setNotice(answer.detail);
          } catch {
            // Shown in the dialog: a template in use names the campaigns using it.
          }
        }}
      >
        <p>Campaigns cannot use it any more. A template that a campaign uses cannot be deleted.</p>
        {remove.error && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
      </ConfirmDialog>
    </div>
  );
}

/** The form of a stored template, once its HTML is loaded. */
function EditTemplate({ id, onDone }: { id: string; onDone: (name?: string) => void }) {
  const template = useTemplate(id);
  return (
    <Card className="space-y-3">
      <CardTitle>Edit {template.data?.name ?? "template"}</CardTitle>
      {template.error ? (
        <Alert tone="error">{errorMessage(template.error)}</Alert>
      ) : template.data ? (
        <TemplateForm key={id} template={template.data} onDone={(saved) => onDone(saved?.name)} />
      ) : (
        <p role="status" className="text-sm text-slate-500">
          Loading the template…
        </p>
      )}
    </Card>
  );
}
