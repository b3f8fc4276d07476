/**
 * Literal English in JSX (issue 46 item 4, ADR 056), found with the TypeScript compiler: JSX text, string literals
 * rendered as children (also through `?:`, `&&`, `||`, `??` and templates) and string-literal values of the attributes
 * people read or hear. Call arguments are never looked into (`t("join.heading")`'s id is not a text). Used by
 * tests/english-in-components.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** Attributes whose value is read or heard by people. */
const READ_ATTRIBUTES = new Set(["aria-label", "aria-description", "aria-valuetext", "title", "placeholder", "alt", "label", "description"]);

export type Finding = { file: string; line: number; text: string };

function isEnglish(text: string, notWords: ReadonlySet<string>) {
  // An address is a format, not words ("name@example.com" as a placeholder).
  const words = text.replace(/\S+@\S+/g, " ").match(/[A-Za-z][A-Za-z_'’-]*[A-Za-z]|[A-Za-z]/g) ?? [];
  return words.some((word) => word.length > 1 && !notWords.has(word));
}

/** The files checked: every route module and every component (tests aside). */
export function sourceFiles(root: string): string[] {
  const routes = fs
    .readdirSync(path.join(root, "app/routes"))
    .filter((name) => name.endsWith(".tsx"))
    .map((name) => `app/routes/${name}`);
  const components = fs
    .readdirSync(path.join(root, "app/components"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".tsx") && !name.endsWith(".test.tsx"))
    .map((name) => `app/components/${name.split(path.sep).join("/")}`);
  return [...routes, ...components].sort();
}

/** The texts a JSX expression renders: literals in value positions, never a call's arguments. */
function renderedTexts(node: ts.Node, out: ts.Node[]) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node);
  else if (ts.isTemplateExpression(node)) {
    out.push(node.head);
    for (const span of node.templateSpans) {
      renderedTexts(span.expression, out);
      out.push(span.literal);
    }
  } else if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node)) renderedTexts(node.expression, out);
  else if (ts.isConditionalExpression(node)) {
    renderedTexts(node.whenTrue, out);
    renderedTexts(node.whenFalse, out);
  } else if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.PlusToken].includes(
      node.operatorToken.kind,
    )
  ) {
    renderedTexts(node.left, out);
    renderedTexts(node.right, out);
  }
}

function literalText(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return node.getText();
}

/** The English texts `source` renders; `notWords` are words that are the same in every language. */
export function englishIn(file: string, source: string, notWords: ReadonlySet<string>): Finding[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    if (!isEnglish(text, notWords)) return;
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    findings.push({ file, line: line + 1, text: text.trim().replace(/\s+/g, " ") });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      const texts: ts.Node[] = [];
      renderedTexts(node.expression, texts);
      for (const text of texts) report(text, literalText(text));
    } else if (ts.isJsxAttribute(node) && node.initializer && READ_ATTRIBUTES.has(node.name.getText(sourceFile))) {
      const texts: ts.Node[] = [];
      if (ts.isStringLiteral(node.initializer)) texts.push(node.initializer);
      else if (ts.isJsxExpression(node.initializer) && node.initializer.expression) renderedTexts(node.initializer.expression, texts);
      for (const text of texts) report(text, literalText(text));
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}
