import type { SchemaFieldType, SchemaRequiredField } from '../../entities/category-schema.ts';
import { DOCUMENT_SECTIONS, type DocumentSection } from '../../entities/registration-document.ts';

type JsonSchemaNode = {
  type?: string | string[];
  title?: string;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  items?: JsonSchemaNode;
};

const FIELD_TYPES: readonly SchemaFieldType[] = ['string', 'integer', 'number', 'array', 'object', 'boolean'];

function fieldType(node: JsonSchemaNode): SchemaFieldType {
  const t = Array.isArray(node.type) ? node.type.find((x) => x !== 'null') : node.type;
  return FIELD_TYPES.includes(t as SchemaFieldType) ? (t as SchemaFieldType) : 'string';
}

function collect(
  node: JsonSchemaNode,
  section: DocumentSection,
  prefix: string,
  out: SchemaRequiredField[],
): void {
  for (const key of node.required ?? []) {
    const child = node.properties?.[key] ?? {};
    const path = prefix ? `${prefix}.${key}` : key;
    if (child.properties && child.required?.length) collect(child, section, path, out);
    else out.push({ section, path, title: child.title ?? key, type: fieldType(child) });
  }
}

/**
 * Reads the required fields of each document section (except sourcingPage) from the target
 * document's JSON schema (rocketRegInfo.schemaString, W §3). Unreadable schemas give [].
 */
export function readRequiredFields(schemaString: string | null | undefined): SchemaRequiredField[] {
  let root: JsonSchemaNode;
  try {
    root = JSON.parse(schemaString ?? '') as JsonSchemaNode;
  } catch {
    return [];
  }
  if (root === null || typeof root !== 'object') return [];
  const documentNode = root.properties?.jsonDocument?.items ?? root.items ?? root;
  const out: SchemaRequiredField[] = [];
  for (const section of DOCUMENT_SECTIONS) {
    if (section === 'sourcingPage') continue;
    const node = documentNode.properties?.[section];
    if (node) collect(node, section, '', out);
  }
  return out;
}
