import type { ShortCasesDto } from "@zaiko/common/availability/shortCases.schema";
import type { ImportResultDto, ImportRowError } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import type { SetImportResultDto } from "@zaiko/common/sets/sets.schema";
import { Button } from "primereact/button";
import { DownloadIcon } from "primereact/icons/download";
import { UploadIcon } from "primereact/icons/upload";
import { ProgressBar } from "primereact/progressbar";
import { useId, useRef, useState } from "react";
import { FileIcon } from "../../components/icons/glyphs/FileIcon";
import { primeIcon } from "../../components/icons/primeIcon";
import { NoticeDialog } from "../../components/NoticeDialog";
import { ShortCaseList } from "../../components/ShortCaseList";
import { serverDetail, serverFieldMessages } from "../../lib/errors";
import { showAlert } from "../../lib/feedback";
import { logFailure } from "../../lib/logFailure";
import { shortageLinesOf, shortCasesOf } from "../../lib/shortages";
import {
  SET_TEMPLATE_FILE,
  TEMPLATE_FILE,
  useDownloadItemTemplateMutation,
  useImportItemCsvMutation,
  useImportSetCsvMutation,
} from "./itemsApi";

const uploadIcon = primeIcon(UploadIcon);
const downloadIcon = primeIcon(DownloadIcon);

/** What the user should read after a refused import: the server's summary and one line per problem. */
function importProblems(error: unknown): string[] {
  const body = (error as { data?: unknown } | undefined)?.data;
  const lines: string[] = [];
  if (body && typeof body === "object") {
    const { errors } = body as { errors?: unknown };
    if (Array.isArray(errors)) {
      for (const e of errors as ImportRowError[]) lines.push(ja.itemImport.lineError(e.line, e.message));
    }
    lines.push(...shortageLinesOf(error));
    if (lines.length > 0) return [serverDetail(error) ?? ja.imports.failed, ...lines];
  }
  const messages = serverFieldMessages(error);
  return messages.length > 0 ? messages : [ja.imports.failed];
}

/** What the chosen file holds: items (the spec's import) or セット品, one row per part (docs/sets.md). */
type ImportKind = "items" | "sets";

/** The answer of either import, told apart for the complete dialog. */
type ImportDone = ({ kind: "items" } & ImportResultDto) | ({ kind: "sets" } & SetImportResultDto);

function completeText(done: ImportDone): string {
  const body =
    done.kind === "items"
      ? ja.itemImport.completeBody(done.created, done.updated)
      : ja.sets.importSetsComplete(done.created, done.updated, done.parts);
  return done.skipped > 0 ? body + ja.itemImport.skippedSamples(done.skipped) : body;
}

/**
 * The CSV import: what the file holds (items or sets), file chooser, import and template buttons, progress,
 * and the result dialogs.
 */
export function ItemImportPanel() {
  const inputId = useId();
  const hintId = useId();
  const labelId = useId();
  const kindName = useId();
  const [kind, setKind] = useState<ImportKind>("items");
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportDone | null>(null);
  const [problems, setProblems] = useState<string[] | null>(null);
  // The cases a refused stock lowering would leave short (docs/catalogue.md).
  const [shortCases, setShortCases] = useState<ShortCasesDto[]>([]);
  const [importItemCsv, { isLoading: importingItems }] = useImportItemCsvMutation();
  const [importSetCsv, { isLoading: importingSets }] = useImportSetCsvMutation();
  const importing = importingItems || importingSets;
  const [downloadTemplate, { isLoading: downloading }] = useDownloadItemTemplateMutation();

  const onImport = async () => {
    if (!file) {
      void showAlert(ja.validation.csvFileRequired, { title: ja.feedback.checkTitle });
      return;
    }
    try {
      const done: ImportDone =
        kind === "items"
          ? { kind, ...(await importItemCsv(file).unwrap()) }
          : { kind, ...(await importSetCsv(file).unwrap()) };
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
      setResult(done);
    } catch (error) {
      // The spec only logs import failures; the user also needs to see which line is wrong.
      logFailure("CSV import failed", error);
      setProblems(importProblems(error));
      setShortCases(shortCasesOf(error));
    }
  };

  const onTemplate = () => {
    // Template failures are only logged (spec §8).
    downloadTemplate(kind === "items" ? TEMPLATE_FILE : SET_TEMPLATE_FILE)
      .unwrap()
      .catch((error: unknown) => logFailure("template download failed", error));
  };

  return (
    <section className="item-import" aria-label={ja.itemImport.import}>
      <fieldset className="item-import-kind" disabled={importing}>
        <legend className="item-import-label">{ja.sets.importKind}</legend>
        {(
          [
            ["items", ja.sets.importKindItems],
            ["sets", ja.sets.importKindSets],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="item-import-kind-option">
            <input
              type="radio"
              name={kindName}
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <p id={hintId} className="item-import-hint">
        {kind === "items" ? ja.itemImport.hint : ja.sets.importSetsHint}
      </p>
      <div className="item-import-row">
        <span id={labelId} className="item-import-label">
          {ja.itemImport.file}
        </span>
        {/* The native chooser stays (keyboard, screen readers, phones' file pickers); only its
            browser-language button text is replaced by ours. */}
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept=".csv"
          aria-labelledby={labelId}
          aria-describedby={hintId}
          className="item-import-file visually-hidden"
          disabled={importing}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <label htmlFor={inputId} className="p-button p-button-outlined p-button-sm item-import-choose">
          <FileIcon />
          <span>{ja.itemImport.choose}</span>
        </label>
        <span className="item-import-name">{file?.name ?? ja.itemImport.noFile}</span>
      </div>
      <div className="item-import-row">
        <Button
          type="button"
          label={ja.itemImport.import}
          icon={uploadIcon}
          loading={importing}
          onClick={onImport}
        />
        <Button
          type="button"
          label={ja.itemImport.template}
          icon={downloadIcon}
          outlined
          loading={downloading}
          onClick={onTemplate}
        />
      </div>
      {importing ? (
        <div className="item-import-progress">
          <ProgressBar mode="indeterminate" style={{ height: "6px" }} aria-label={ja.itemImport.uploading} />
          <small>{ja.itemImport.uploading}</small>
        </div>
      ) : null}

      <NoticeDialog
        title={ja.itemImport.completeTitle}
        visible={result !== null}
        onClose={() => setResult(null)}
      >
        {result ? <p className="dialog-question">{completeText(result)}</p> : null}
      </NoticeDialog>

      <NoticeDialog
        title={ja.itemImport.errorTitle}
        visible={problems !== null}
        onClose={() => setProblems(null)}
      >
        {problems ? (
          <div className="import-problems" role="alert">
            <p className="import-problems-summary">{problems[0]}</p>
            {problems.length > 1 ? (
              <ul>
                {problems.slice(1).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
            <ShortCaseList groups={shortCases} />
          </div>
        ) : null}
      </NoticeDialog>
    </section>
  );
}
