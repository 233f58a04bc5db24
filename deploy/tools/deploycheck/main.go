// Command deploycheck checks what a schema cannot: that Hakem's docker
// compose file and rendered Kubernetes manifests agree with the NATS
// accounts (deploy/nats/accounts.conf) and with each other: every service
// runs `hakem serve --only <service>` as the NATS user of that service with
// that user's password, has its probes, limits and non-root settings, and
// every user's password is provided.
//
//	deploycheck -accounts deploy/nats/accounts.conf \
//	    -compose deploy/compose.yaml -env deploy/.env.example \
//	    -k8s base.yaml -k8s overlay.yaml:3 -secret k8s/examples/nats-users-secret.yaml
//
// The compose file is loaded (interpolated and validated against the
// Compose specification) with compose-go, as docker compose does. A
// Kubernetes file may end in :N, the stream replicas the rendering must
// set (HAKEM_STREAM_REPLICAS). It prints one line per problem and exits 1
// if there is any.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
	"go.yaml.in/yaml/v4"
)

// services are the services of hakem serve, each run on its own with its
// own NATS user of the same name.
var services = []string{"games", "clocks", "arbiter", "scoring", "pairing", "gateway"}

type check struct{ problems []string }

func (c *check) fail(format string, args ...any) {
	c.problems = append(c.problems, fmt.Sprintf(format, args...))
}

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func main() {
	accounts := flag.String("accounts", "", "the NATS accounts file")
	compose := flag.String("compose", "", "the docker compose file")
	envFile := flag.String("env", "", "the env file compose is loaded with")
	secret := flag.String("secret", "", "the example Secret nats-users")
	var k8s listFlag
	flag.Var(&k8s, "k8s", "rendered Kubernetes manifests (FILE or FILE:STREAM_REPLICAS), repeatable")
	flag.Parse()
	if *accounts == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: deploycheck -accounts FILE [-compose FILE -env FILE] [-k8s FILE[:N]]... [-secret FILE]")
		os.Exit(2)
	}
	c := &check{}
	users, err := readAccounts(*accounts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "deploycheck:", err)
		os.Exit(1)
	}
	for _, s := range services {
		if _, ok := users[s]; !ok {
			c.fail("%s: no NATS user %q for the service", *accounts, s)
		}
	}
	if *compose != "" {
		checkCompose(c, *compose, *envFile, users)
	}
	for _, f := range k8s {
		file, replicas, _ := strings.Cut(f, ":")
		docs, err := readYAML(file)
		if err != nil {
			c.fail("%s: %v", file, err)
			continue
		}
		checkK8s(c, file, docs, users, replicas)
	}
	if *secret != "" {
		docs, err := readYAML(*secret)
		if err != nil {
			c.fail("%s: %v", *secret, err)
		} else {
			checkSecret(c, *secret, docs, users)
		}
	}
	for _, p := range c.problems {
		fmt.Println("deploycheck:", p)
	}
	if len(c.problems) > 0 {
		os.Exit(1)
	}
	fmt.Printf("deploycheck: %d users, compose and %d Kubernetes renderings agree\n", len(users), len(k8s))
}

var (
	userRe     = regexp.MustCompile(`(?m)^\s*(?:\{\s*)?user:\s*(\w+)`)
	passwordRe = regexp.MustCompile(`password:\s*\$(\w+)`)
)

// readAccounts returns each user of the accounts file with the environment
// variable its password is read from.
func readAccounts(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	users := map[string]string{}
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		if t := strings.TrimSpace(l); !strings.HasPrefix(t, "#") {
			lines = append(lines, l)
		}
	}
	text := strings.Join(lines, "\n")
	locs := userRe.FindAllStringSubmatchIndex(text, -1)
	for i, loc := range locs {
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		name := text[loc[2]:loc[3]]
		pw := passwordRe.FindStringSubmatch(text[loc[1]:end])
		if pw == nil {
			return nil, fmt.Errorf("%s: user %s has no password variable", path, name)
		}
		users[name] = pw[1]
	}
	if len(users) == 0 {
		return nil, fmt.Errorf("%s: no user found", path)
	}
	return users, nil
}

func checkCompose(c *check, path, envFile string, users map[string]string) {
	opts := []cli.ProjectOptionsFn{cli.WithName("hakem")}
	if envFile != "" {
		opts = append(opts, cli.WithEnvFiles(envFile), cli.WithDotEnv)
	}
	po, err := cli.NewProjectOptions([]string{path}, opts...)
	if err != nil {
		c.fail("%s: %v", path, err)
		return
	}
	p, err := po.LoadProject(context.Background())
	if err != nil {
		c.fail("%s: %v", path, err)
		return
	}
	var nats []string
	for name, s := range p.Services {
		if strings.HasPrefix(name, "nats-") {
			nats = append(nats, name)
			if !strings.HasPrefix(s.Image, "nats:") {
				c.fail("%s: %s: image %q is not nats", path, name, s.Image)
			}
			if v := s.Environment["NATS_SERVER_NAME"]; v == nil || *v != name {
				c.fail("%s: %s: NATS_SERVER_NAME is not %s", path, name, name)
			}
			for u, env := range users {
				if v := s.Environment[env]; v == nil || *v == "" {
					c.fail("%s: %s: no password for NATS user %s (%s)", path, name, u, env)
				}
			}
			hasData := false
			for _, v := range s.Volumes {
				if v.Target == "/data" && v.Type == "volume" {
					hasData = true
				}
			}
			if !hasData {
				c.fail("%s: %s: no named volume at /data for JetStream", path, name)
			}
		}
	}
	sort.Strings(nats)
	if !slices.Equal(nats, []string{"nats-1", "nats-2", "nats-3"}) {
		c.fail("%s: NATS nodes %v, want nats-1, nats-2, nats-3", path, nats)
	}
	for _, svc := range services {
		s, ok := p.Services[svc]
		if !ok {
			c.fail("%s: no service %s", path, svc)
			continue
		}
		if want := []string{"serve", "--only", svc}; !slices.Equal([]string(s.Command), want) {
			c.fail("%s: %s: command %q, want %q", path, svc, []string(s.Command), want)
		}
		pwEnv := users[svc]
		pw := ""
		if v := p.Services["nats-1"].Environment[pwEnv]; v != nil {
			pw = *v
		}
		url := s.Environment["HAKEM_NATS"]
		if url == nil {
			c.fail("%s: %s: no HAKEM_NATS", path, svc)
		} else {
			for _, node := range nats {
				want := "nats://" + svc + ":" + pw + "@" + node + ":4222"
				if pw == "" || !slices.Contains(strings.Split(*url, ","), want) {
					c.fail("%s: %s: HAKEM_NATS does not connect to %s as user %s with its password", path, svc, node, svc)
				}
			}
		}
		if !s.ReadOnly || s.User != "65532:65532" {
			c.fail("%s: %s: want read_only and user 65532:65532", path, svc)
		}
		if v := s.Environment["HAKEM_NATS_PROVISIONED"]; v == nil || *v != "true" {
			c.fail("%s: %s: HAKEM_NATS_PROVISIONED is not true (the service would create streams and consumer groups)", path, svc)
		}
		if d, ok := s.DependsOn["provision"]; !ok || d.Condition != "service_completed_successfully" {
			c.fail("%s: %s: does not wait for provision to complete", path, svc)
		}
	}
	// hakem provision runs as the admin user on every node.
	prov, ok := p.Services["provision"]
	if !ok {
		c.fail("%s: no service provision", path)
		return
	}
	if len(prov.Command) == 0 || prov.Command[0] != "provision" {
		c.fail("%s: provision: command %q, want hakem provision", path, []string(prov.Command))
	}
	pw := ""
	if v := p.Services["nats-1"].Environment[users["admin"]]; v != nil {
		pw = *v
	}
	if url := prov.Environment["HAKEM_NATS"]; url == nil {
		c.fail("%s: provision: no HAKEM_NATS", path)
	} else {
		for _, node := range nats {
			if want := "nats://admin:" + pw + "@" + node + ":4222"; pw == "" || !slices.Contains(strings.Split(*url, ","), want) {
				c.fail("%s: provision: HAKEM_NATS does not connect to %s as the admin user", path, node)
			}
		}
	}
	if prov.Restart == "always" || prov.Restart == "unless-stopped" {
		c.fail("%s: provision: restart %q would run it forever", path, prov.Restart)
	}
}

func readYAML(path string) ([]map[string]any, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	var docs []map[string]any
	for {
		var d map[string]any
		err := dec.Decode(&d)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, err
		}
		if d != nil {
			docs = append(docs, d)
		}
	}
}

// at walks a path of map keys and list indexes in a YAML document.
func at(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				return nil
			}
			v = m[k]
		case int:
			l, ok := v.([]any)
			if !ok || k >= len(l) {
				return nil
			}
			v = l[k]
		}
	}
	return v
}

func str(v any) string { s, _ := v.(string); return s }

func find(docs []map[string]any, kind, name string) map[string]any {
	for _, d := range docs {
		if str(d["kind"]) == kind && str(at(d, "metadata", "name")) == name {
			return d
		}
	}
	return nil
}

func findPrefix(docs []map[string]any, kind, prefix string) map[string]any {
	for _, d := range docs {
		if str(d["kind"]) == kind && strings.HasPrefix(str(at(d, "metadata", "name")), prefix) {
			return d
		}
	}
	return nil
}

func checkK8s(c *check, file string, docs []map[string]any, users map[string]string, replicas string) {
	for _, svc := range services {
		name := "hakem-" + svc
		d := find(docs, "Deployment", name)
		if d == nil {
			c.fail("%s: no Deployment %s", file, name)
			continue
		}
		ctr := at(d, "spec", "template", "spec", "containers", 0)
		var args []string
		for _, a := range asList(at(ctr, "args")) {
			args = append(args, str(a))
		}
		if want := []string{"serve", "--only", svc}; !slices.Equal(args, want) {
			c.fail("%s: %s: args %q, want %q", file, name, args, want)
		}
		env := map[string]any{}
		var order []string
		for _, e := range asList(at(ctr, "env")) {
			env[str(at(e, "name"))] = e
			order = append(order, str(at(e, "name")))
		}
		if str(at(env["NATS_PASSWORD"], "valueFrom", "secretKeyRef", "name")) != "nats-users" ||
			str(at(env["NATS_PASSWORD"], "valueFrom", "secretKeyRef", "key")) != users[svc] {
			c.fail("%s: %s: NATS_PASSWORD is not key %s of the Secret nats-users", file, name, users[svc])
		}
		if got, want := str(at(env["HAKEM_NATS"], "value")), "nats://"+svc+":$(NATS_PASSWORD)@nats-client:4222"; got != want {
			c.fail("%s: %s: HAKEM_NATS %q, want %q", file, name, got, want)
		}
		if slices.Index(order, "NATS_PASSWORD") > slices.Index(order, "HAKEM_NATS") {
			c.fail("%s: %s: NATS_PASSWORD must come before HAKEM_NATS to be expanded", file, name)
		}
		if str(at(ctr, "livenessProbe", "httpGet", "path")) != "/livez" || str(at(ctr, "readinessProbe", "httpGet", "path")) != "/readyz" {
			c.fail("%s: %s: want liveness /livez and readiness /readyz", file, name)
		}
		for _, r := range []string{"requests", "limits"} {
			if at(ctr, "resources", r, "cpu") == nil || at(ctr, "resources", r, "memory") == nil {
				c.fail("%s: %s: no cpu and memory %s", file, name, r)
			}
		}
		if at(ctr, "securityContext", "readOnlyRootFilesystem") != true || at(d, "spec", "template", "spec", "securityContext", "runAsNonRoot") != true {
			c.fail("%s: %s: want runAsNonRoot and readOnlyRootFilesystem", file, name)
		}
		if !strings.HasPrefix(str(at(ctr, "envFrom", 0, "configMapRef", "name")), "hakem-config") {
			c.fail("%s: %s: configuration not from the ConfigMap hakem-config", file, name)
		}
		if find(docs, "PodDisruptionBudget", name) == nil {
			c.fail("%s: no PodDisruptionBudget %s", file, name)
		}
	}
	hc := findPrefix(docs, "ConfigMap", "hakem-config")
	if got := str(at(hc, "data", "HAKEM_NATS_PROVISIONED")); got != "true" {
		c.fail("%s: HAKEM_NATS_PROVISIONED %q in hakem-config, want true (services only bind)", file, got)
	}
	if job := find(docs, "Job", "hakem-provision"); job == nil {
		c.fail("%s: no Job hakem-provision", file)
	} else {
		ctr := at(job, "spec", "template", "spec", "containers", 0)
		if str(at(ctr, "args", 0)) != "provision" {
			c.fail("%s: Job hakem-provision does not run hakem provision", file)
		}
		env := map[string]any{}
		for _, e := range asList(at(ctr, "env")) {
			env[str(at(e, "name"))] = e
		}
		if str(at(env["NATS_PASSWORD"], "valueFrom", "secretKeyRef", "key")) != users["admin"] ||
			str(at(env["HAKEM_NATS"], "value")) != "nats://admin:$(NATS_PASSWORD)@nats-client:4222" {
			c.fail("%s: Job hakem-provision does not connect as the NATS admin user", file)
		}
		if str(at(job, "spec", "template", "metadata", "labels", "app.kubernetes.io/name")) != "hakem" {
			c.fail("%s: Job hakem-provision: its pods lack app.kubernetes.io/name=hakem (the NetworkPolicy nats would refuse them)", file)
		}
	}
	if find(docs, "Service", "hakem-gateway") == nil {
		c.fail("%s: no Service hakem-gateway", file)
	}
	sts := find(docs, "StatefulSet", "nats")
	if sts == nil {
		c.fail("%s: no StatefulSet nats", file)
	} else {
		if n, _ := at(sts, "spec", "replicas").(int); n != 3 {
			c.fail("%s: StatefulSet nats: %v replicas, want 3", file, at(sts, "spec", "replicas"))
		}
		if at(sts, "spec", "volumeClaimTemplates", 0) == nil {
			c.fail("%s: StatefulSet nats: no volumeClaimTemplates (JetStream on persistent volumes)", file)
		}
		if str(at(sts, "spec", "template", "spec", "containers", 0, "envFrom", 0, "secretRef", "name")) != "nats-users" {
			c.fail("%s: StatefulSet nats: passwords not from the Secret nats-users", file)
		}
	}
	if find(docs, "PodDisruptionBudget", "nats") == nil {
		c.fail("%s: no PodDisruptionBudget nats", file)
	}
	cfg := findPrefix(docs, "ConfigMap", "nats-config")
	if cfg == nil || !strings.Contains(str(at(cfg, "data", "nats-server.conf")), "include ./accounts.conf") || str(at(cfg, "data", "accounts.conf")) == "" {
		c.fail("%s: ConfigMap nats-config lacks nats-server.conf including accounts.conf", file)
	}
	if replicas != "" {
		hc := findPrefix(docs, "ConfigMap", "hakem-config")
		if got := str(at(hc, "data", "HAKEM_STREAM_REPLICAS")); got != replicas {
			c.fail("%s: HAKEM_STREAM_REPLICAS %q, want %q", file, got, replicas)
		}
	}
}

func checkSecret(c *check, file string, docs []map[string]any, users map[string]string) {
	s := find(docs, "Secret", "nats-users")
	if s == nil {
		c.fail("%s: no Secret nats-users", file)
		return
	}
	var keys, want []string
	for k := range asMap(at(s, "stringData")) {
		keys = append(keys, k)
	}
	for _, env := range users {
		want = append(want, env)
	}
	sort.Strings(keys)
	sort.Strings(want)
	if !slices.Equal(keys, want) {
		c.fail("%s: keys %v, want one per NATS user %v", file, keys, want)
	}
}

func asList(v any) []any { l, _ := v.([]any); return l }

func asMap(v any) map[string]any { m, _ := v.(map[string]any); return m }
