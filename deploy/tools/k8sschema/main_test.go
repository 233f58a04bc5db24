package main

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestFileName(t *testing.T) {
	for _, tc := range []struct {
		gvk  GVK
		file string
		api  string
	}{
		{GVK{"", "v1", "Service"}, "service-v1.json", "v1"},
		{GVK{"apps", "v1", "Deployment"}, "deployment-apps-v1.json", "apps/v1"},
		{GVK{"networking.k8s.io", "v1", "Ingress"}, "ingress-networking-v1.json", "networking.k8s.io/v1"},
		{GVK{"policy", "v1", "PodDisruptionBudget"}, "poddisruptionbudget-policy-v1.json", "policy/v1"},
	} {
		if got := tc.gvk.FileName(); got != tc.file {
			t.Errorf("%+v: file %q, want %q", tc.gvk, got, tc.file)
		}
		if got := tc.gvk.APIVersion(); got != tc.api {
			t.Errorf("%+v: apiVersion %q, want %q", tc.gvk, got, tc.api)
		}
	}
}

const swagger = `{"definitions": {
  "io.k8s.api.x.v1.Thing": {
    "type": "object",
    "properties": {
      "apiVersion": {"type": "string"}, "kind": {"type": "string"},
      "spec": {"$ref": "#/definitions/io.k8s.api.x.v1.Spec"},
      "labels": {"type": "object", "additionalProperties": {"type": "string"}}
    },
    "x-kubernetes-group-version-kind": [{"group": "x.k8s.io", "version": "v1", "kind": "Thing"}]
  },
  "io.k8s.api.x.v1.Spec": {
    "type": "object",
    "properties": {
      "port": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.util.intstr.IntOrString"},
      "items": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}}
    }
  },
  "io.k8s.apimachinery.pkg.util.intstr.IntOrString": {"type": "string", "format": "int-or-string"}
}}`

func TestConvert(t *testing.T) {
	s, err := Convert([]byte(swagger))
	if err != nil {
		t.Fatal(err)
	}
	kind, ok := s.Kinds["thing-x-v1.json"].(map[string]any)
	if !ok {
		t.Fatalf("no thing-x-v1.json among %v", s.Kinds)
	}
	check := func(what string, got, want any) {
		t.Helper()
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		if string(g) != string(w) {
			t.Errorf("%s: %s, want %s", what, g, w)
		}
	}
	props := kind["properties"].(map[string]any)
	check("kind enum", props["kind"], map[string]any{"type": "string", "enum": []any{"Thing"}})
	check("apiVersion enum", props["apiVersion"], map[string]any{"type": "string", "enum": []any{"x.k8s.io/v1"}})
	check("reference", props["spec"], map[string]any{"$ref": "_definitions.json#/definitions/io.k8s.api.x.v1.Spec"})
	check("strict object", kind["additionalProperties"], false)
	check("map keeps its value schema", props["labels"], map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}})
	if _, has := kind["x-kubernetes-group-version-kind"]; has {
		t.Error("x-kubernetes-group-version-kind kept")
	}
	spec := s.Definitions["io.k8s.api.x.v1.Spec"].(map[string]any)
	check("strict nested item", spec["properties"].(map[string]any)["items"].(map[string]any)["items"].(map[string]any)["additionalProperties"], false)
	check("IntOrString widened", s.Definitions["io.k8s.apimachinery.pkg.util.intstr.IntOrString"], widened["io.k8s.apimachinery.pkg.util.intstr.IntOrString"])
}

func TestConvertBadInput(t *testing.T) {
	for _, in := range []string{``, `{`, `{"definitions": {}}`, `{"definitions": {"a": {"type": "string"}}}`,
		`{"definitions": {"a": {"x-kubernetes-group-version-kind": "nope"}}}`} {
		if _, err := Convert([]byte(in)); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}

func TestStrictLeavesInputAlone(t *testing.T) {
	in := map[string]any{"properties": map[string]any{"a": map[string]any{"$ref": "#/definitions/b"}}}
	want := map[string]any{"properties": map[string]any{"a": map[string]any{"$ref": "#/definitions/b"}}}
	_ = strict(in)
	if !reflect.DeepEqual(in, want) {
		t.Errorf("strict changed its input: %v", in)
	}
}
