// Command k8sschema writes the JSON schemas kubeconform validates against
// from the Kubernetes OpenAPI (Swagger 2.0) document that the k8s.io/kubernetes
// Go module carries (api/openapi-spec/swagger.json), so that manifests can be
// validated with no access to the schema repositories kubeconform downloads
// from by default.
//
//	k8sschema -swagger swagger.json -out DIR
//
// It writes DIR/_definitions.json (every definition of the document) and one
// file per kind, named as kubeconform's -schema-location template
// '{{ .ResourceKind }}{{ .KindSuffix }}.json' expects (deployment-apps-v1.json,
// service-v1.json, ingress-networking-v1.json), whose references point into
// _definitions.json. The schemas are strict: an object with declared
// properties admits no other (a misspelt field is an error), the way
// kubeconform's -strict schemas do. Two types that Kubernetes serialises
// either way are widened: IntOrString (a string or an integer) and Quantity
// (a string or a number).
//
// Standard library only; deploy/validate.sh runs it.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// defsFile is the file holding every definition.
const defsFile = "_definitions.json"

// Widened definitions: what the API server accepts for them.
var widened = map[string]any{
	"io.k8s.apimachinery.pkg.util.intstr.IntOrString": map[string]any{
		"oneOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "integer"}},
	},
	"io.k8s.apimachinery.pkg.api.resource.Quantity": map[string]any{
		"oneOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "number"}},
	},
}

// GVK is one x-kubernetes-group-version-kind entry.
type GVK struct {
	Group   string `json:"group"`
	Version string `json:"version"`
	Kind    string `json:"kind"`
}

// APIVersion returns the manifest's apiVersion ("apps/v1", "v1").
func (g GVK) APIVersion() string {
	if g.Group == "" {
		return g.Version
	}
	return g.Group + "/" + g.Version
}

// FileName returns the file kubeconform looks for: the lower-case kind, the
// first label of the group (if any) and the version.
func (g GVK) FileName() string {
	name := strings.ToLower(g.Kind)
	if g.Group != "" {
		name += "-" + strings.ToLower(strings.Split(g.Group, ".")[0])
	}
	return name + "-" + strings.ToLower(g.Version) + ".json"
}

// Schemas is the result of a conversion: the definitions and the per-kind
// files by file name.
type Schemas struct {
	Definitions map[string]any
	Kinds       map[string]any
}

// Convert turns a Swagger 2.0 document into strict JSON schemas.
func Convert(swagger []byte) (Schemas, error) {
	var doc struct {
		Definitions map[string]map[string]any `json:"definitions"`
	}
	if err := json.Unmarshal(swagger, &doc); err != nil {
		return Schemas{}, fmt.Errorf("reading the OpenAPI document: %w", err)
	}
	if len(doc.Definitions) == 0 {
		return Schemas{}, errors.New("the OpenAPI document has no definitions")
	}
	out := Schemas{Definitions: map[string]any{}, Kinds: map[string]any{}}
	names := make([]string, 0, len(doc.Definitions))
	for name := range doc.Definitions {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		def := doc.Definitions[name]
		if w, ok := widened[name]; ok {
			out.Definitions[name] = w
			continue
		}
		out.Definitions[name] = strict(def)
	}
	for _, name := range names {
		def := doc.Definitions[name]
		raw, ok := def["x-kubernetes-group-version-kind"]
		if !ok {
			continue
		}
		b, _ := json.Marshal(raw)
		var gvks []GVK
		if err := json.Unmarshal(b, &gvks); err != nil {
			return Schemas{}, fmt.Errorf("%s: x-kubernetes-group-version-kind: %w", name, err)
		}
		for _, g := range gvks {
			file := g.FileName()
			if _, dup := out.Kinds[file]; dup {
				continue // the first (sorted) definition keeps a shared file name
			}
			k := strict(def).(map[string]any)
			if len(gvks) == 1 {
				if props, ok := k["properties"].(map[string]any); ok {
					props["kind"] = map[string]any{"type": "string", "enum": []any{g.Kind}}
					props["apiVersion"] = map[string]any{"type": "string", "enum": []any{g.APIVersion()}}
				}
			}
			k["$schema"] = "http://json-schema.org/draft-04/schema#"
			out.Kinds[file] = k
		}
	}
	if len(out.Kinds) == 0 {
		return Schemas{}, errors.New("the OpenAPI document declares no kind")
	}
	return out, nil
}

// strict returns a copy of the schema node with references pointing into
// _definitions.json and additionalProperties false on every object with
// declared properties.
func strict(node any) any {
	switch n := node.(type) {
	case map[string]any:
		out := make(map[string]any, len(n)+1)
		for k, v := range n {
			switch k {
			case "$ref":
				if s, ok := v.(string); ok && strings.HasPrefix(s, "#/definitions/") {
					out[k] = defsFile + s
					continue
				}
				out[k] = v
			case "properties", "patternProperties", "definitions":
				m, ok := v.(map[string]any)
				if !ok {
					out[k] = v
					continue
				}
				props := make(map[string]any, len(m))
				for name, s := range m {
					props[name] = strict(s)
				}
				out[k] = props
			case "items", "additionalProperties", "not", "allOf", "anyOf", "oneOf":
				out[k] = strict(v)
			case "x-kubernetes-group-version-kind":
				// metadata for this tool only
			default:
				out[k] = v
			}
		}
		if _, hasProps := n["properties"]; hasProps {
			if _, set := n["additionalProperties"]; !set {
				out["additionalProperties"] = false
			}
		}
		return out
	case []any:
		out := make([]any, len(n))
		for i, v := range n {
			out[i] = strict(v)
		}
		return out
	default:
		return node
	}
}

// Write writes the schemas into dir.
func (s Schemas) Write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	write := func(name string, v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return os.WriteFile(filepath.Join(dir, name), b, 0o644)
	}
	if err := write(defsFile, map[string]any{"definitions": s.Definitions}); err != nil {
		return err
	}
	for name, k := range s.Kinds {
		if err := write(name, k); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	swagger := flag.String("swagger", "", "the Kubernetes OpenAPI v2 document (swagger.json)")
	out := flag.String("out", "", "folder to write the schemas into")
	flag.Parse()
	if *swagger == "" || *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: k8sschema -swagger swagger.json -out DIR")
		os.Exit(2)
	}
	if err := run(*swagger, *out); err != nil {
		fmt.Fprintln(os.Stderr, "k8sschema:", err)
		os.Exit(1)
	}
}

func run(swagger, out string) error {
	b, err := os.ReadFile(swagger)
	if err != nil {
		return err
	}
	s, err := Convert(b)
	if err != nil {
		return err
	}
	if err := s.Write(out); err != nil {
		return err
	}
	fmt.Printf("k8sschema: %d kinds, %d definitions written to %s\n", len(s.Kinds), len(s.Definitions), out)
	return nil
}
