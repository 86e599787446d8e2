import ts from 'typescript';

/** One module a source file names, as written. */
export interface ImportRef {
  specifier: string;
  /** Erased when compiled (`import type`, `export type … from`, every specifier `type`, `import('…')` in a type): no runtime edge. */
  typeOnly: boolean;
}

/** Every import, re-export, dynamic `import()` and `require()` of a literal in a file's text, read with TypeScript's parser. */
export function readImports(fileName: string, text: string): ImportRef[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: ImportRef[] = [];
  const visit = (node: ts.Node): void => {
    const ref = importAt(node);
    if (ref) found.push(ref);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function importAt(node: ts.Node): ImportRef | undefined {
  if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
    return { specifier: node.moduleSpecifier.text, typeOnly: importClauseIsTypeOnly(node.importClause) };
  }
  if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
    const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
    return { specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly || everyTypeOnly(named) };
  }
  if (
    ts.isImportEqualsDeclaration(node) &&
    ts.isExternalModuleReference(node.moduleReference) &&
    ts.isStringLiteral(node.moduleReference.expression)
  ) {
    return { specifier: node.moduleReference.expression.text, typeOnly: node.isTypeOnly };
  }
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
    return { specifier: node.argument.literal.text, typeOnly: true };
  }
  if (ts.isCallExpression(node) && node.arguments.length >= 1 && ts.isStringLiteralLike(node.arguments[0])) {
    const callee = node.expression;
    const isDynamicImport = callee.kind === ts.SyntaxKind.ImportKeyword;
    const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
    if (isDynamicImport || isRequire) return { specifier: node.arguments[0].text, typeOnly: false };
  }
  return undefined;
}

function importClauseIsTypeOnly(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false; // `import './x'`: run for its effects
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && everyTypeOnly(bindings.elements);
}

/** `{ type A, type B }`; an empty list is not (`export {} from` still loads the module). */
function everyTypeOnly(elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier> | undefined): boolean {
  return !!elements && elements.length > 0 && elements.every((element) => element.isTypeOnly);
}
