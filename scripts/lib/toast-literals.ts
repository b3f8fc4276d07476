/**
 * The texts the server's toasts are written with (ADR 056, part five (m)), found with the TypeScript compiler: every
 * call to the toast helpers (`redirectWithToast(request, url, toast)`, `flashToast(request, toast)`) under app/routes
 * and app/server, and in its toast argument each `title:` and `description:` given as a literal — directly, through
 * `?:`, `??`, `||`, `&&`, a `const` of the same file, a spread of one, or an object chosen by `?:`. A call's result (a
 * sentence written through the catalogue: `inReaderLanguage`, `swapToastIn`, `nudgeSentIn`) and an imported constant
 * are not literals here: their words are checked where they are written. A template with substitutions is reported
 * as such (`template: true`): its English cannot sit in SERVER_TEXTS under its own words. Used by
 * tests/toast-texts.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export type ToastLiteral = { file: string; line: number; property: "title" | "description"; text: string; template: boolean };

/** The toast helpers and which argument is the toast. */
const TOAST_ARGUMENT: Record<string, number> = { redirectWithToast: 2, flashToast: 1 };

/** The files read: every module under app/routes and app/server (tests aside). */
export function toastSourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const dir of ["app/routes", "app/server"]) {
    for (const name of fs.readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })) {
      if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(`${dir}/${name.split(path.sep).join("/")}`);
    }
  }
  return files.sort();
}

export function toastLiterals(file: string, source: string): ToastLiteral[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  // The file's own constants (`const CLOCK_ADMINS_ONLY = "…"`), wherever declared: a name used in a toast is looked up here.
  const constants = new Map<string, ts.Expression>();
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const list = node.parent;
      if (ts.isVariableDeclarationList(list) && list.flags & ts.NodeFlags.Const) constants.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, collect);
  };
  collect(sf);

  const found: ToastLiteral[] = [];
  const line = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;

  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node)
      ? unwrap(node.expression)
      : node;

  /**
   * The literal texts an expression may be, and its templates. `besideCall`: the expression is one branch of a `?:`
   * whose other branch is a call (`t ? t(id, values) : english`, `locale === DEFAULT_LOCALE ? \`…\` : translator(locale)(…)`):
   * the sentence is written through the catalogue and its English kept word for word, so a template there is not
   * reported (its literal words still are).
   */
  const texts = (node: ts.Expression, property: ToastLiteral["property"], seen: Set<string>, besideCall = false) => {
    const expr = unwrap(node);
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) {
      found.push({ file, line: line(expr), property, text: expr.text, template: false });
    } else if (ts.isTemplateExpression(expr)) {
      if (!besideCall) found.push({ file, line: line(expr), property, text: expr.getText(sf), template: true });
    } else if (ts.isConditionalExpression(expr)) {
      const [yes, no] = [unwrap(expr.whenTrue), unwrap(expr.whenFalse)];
      texts(yes, property, seen, ts.isCallExpression(no));
      texts(no, property, seen, ts.isCallExpression(yes));
    } else if (
      ts.isBinaryExpression(expr) &&
      [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(expr.operatorToken.kind)
    ) {
      texts(expr.left, property, seen);
      texts(expr.right, property, seen);
    } else if (ts.isIdentifier(expr) && constants.has(expr.text) && !seen.has(expr.text)) {
      texts(constants.get(expr.text) as ts.Expression, property, new Set([...seen, expr.text]), besideCall);
    }
  };

  /** The toast objects an expression may be: a literal, either branch of `?:`, a constant of this file. */
  const toasts = (node: ts.Expression, seen: Set<string>) => {
    const expr = unwrap(node);
    if (ts.isObjectLiteralExpression(expr)) {
      for (const member of expr.properties) {
        if (ts.isSpreadAssignment(member)) toasts(member.expression, seen);
        else if (ts.isPropertyAssignment(member) || ts.isShorthandPropertyAssignment(member)) {
          const name = member.name.getText(sf).replace(/^["']|["']$/g, "");
          if (name !== "title" && name !== "description") continue;
          texts(ts.isPropertyAssignment(member) ? member.initializer : member.name, name, seen);
        }
      }
    } else if (ts.isConditionalExpression(expr)) {
      toasts(expr.whenTrue, seen);
      toasts(expr.whenFalse, seen);
    } else if (ts.isIdentifier(expr) && constants.has(expr.text) && !seen.has(expr.text)) {
      toasts(constants.get(expr.text) as ts.Expression, new Set([...seen, expr.text]));
    }
  };

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
      const index = ts.isIdentifier(callee) ? TOAST_ARGUMENT[callee.text] : undefined;
      const argument = index === undefined ? undefined : node.arguments[index];
      if (argument) toasts(argument, new Set());
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
