/**
 * The repository's import graph, for the architecture test (tests/architecture.test.ts, docs/architecture.md): every
 * import, export-from and import() of every TypeScript file tsconfig.json includes, resolved the way the compiler
 * resolves it (the `~/` alias included), packages left out. Type-only imports are kept and marked: they vanish from the
 * build, but a circle through them is still a circle for a reader.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export type ImportEdge = { from: string; to: string; typeOnly: boolean };

/** Repository-relative paths (forward slashes) of the project's own files, and the imports between them. */
export function importGraph(root: string): { files: string[]; edges: ImportEdge[] } {
  const config = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const relative = (file: string) => path.relative(root, file).split(path.sep).join("/");
  const files = parsed.fileNames.filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts") && !relative(file).startsWith(".react-router/"));
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    for (const { specifier, typeOnly } of importsOf(source)) {
      const resolved = ts.resolveModuleName(specifier, file, parsed.options, ts.sys).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.includes("/node_modules/")) continue;
      edges.push({ from: relative(file), to: relative(resolved.resolvedFileName), typeOnly });
    }
  }
  return { files: files.map(relative), edges };
}

function importsOf(source: ts.SourceFile): Array<{ specifier: string; typeOnly: boolean }> {
  const found: Array<{ specifier: string; typeOnly: boolean }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnlyImport(node.importClause) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      found.push({
        specifier: node.moduleSpecifier.text,
        typeOnly: node.isTypeOnly || (named !== null && named.length > 0 && named.every((e) => e.isTypeOnly)),
      });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isTypeOnlyImport(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false; // `import "./x"`: run for its effects
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

/** Every import circle (strongly connected component of more than one file, or a file importing itself), each sorted. */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  // Tarjan's algorithm, iterative so that a long chain of imports cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; i: number }> = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = next.get(frame.node) ?? [];
      if (frame.i < targets.length) {
        const target = targets[frame.i++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, i: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || targets.includes(frame.node)) cycles.push(component.sort());
    }
  }
  return cycles;
}
