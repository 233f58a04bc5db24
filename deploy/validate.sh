#!/usr/bin/env bash
# deploy/validate.sh — check deploy/ and k8s/ with no cluster, no container
# engine and no internet (only the Go module proxy is used, for pinned
# modules). Run from anywhere:  bash deploy/validate.sh
#
#  1. The Dockerfile builds the binary with `make build`, and the Makefile's
#     build target is static (CGO_ENABLED=0, -trimpath); `make build` is run
#     and the binary's build settings are checked.
#  2. The kustomize base and every overlay are rendered (kustomize, pinned).
#  3. Every rendered manifest and k8s/examples/*.yaml is validated with
#     kubeconform -strict against JSON schemas made from the Kubernetes
#     OpenAPI document of the pinned Kubernetes version. kubeconform's usual
#     schemas are downloaded from a code host this machine cannot reach; the
#     OpenAPI document comes instead from the k8s.io/kubernetes Go module
#     (api/openapi-spec/swagger.json) and deploy/tools/k8sschema turns it
#     into strict schemas. A kind without a schema is an error, never
#     skipped.
#  4. The schemas are proven to bite: each deploy/testdata/invalid/*.yaml
#     must be rejected with the message in its "# expect:" line, and
#     deploy/testdata/valid/*.yaml must pass.
#  5. deploy/tools/deploycheck loads deploy/compose.yaml as docker compose
#     does (interpolation, Compose specification schema) and checks compose
#     and the rendered manifests against deploy/nats/accounts.conf: each
#     service runs `serve --only <it>` as its own NATS user with its own
#     password, probes, limits, non-root, R3 in the production overlay.
#
# Tools and schemas are cached in .cache/deploy (HAKEM_DEPLOY_CACHE).
# The NATS permissions themselves are tested by deploy/tools/natsperm (run
# here with the rest of deploy/tools' tests): nats-server started from
# deploy/nats, every user's rights tried against it.
set -euo pipefail

KUBECONFORM_VERSION=v0.7.0
KUSTOMIZE_VERSION=v5.8.1
# The Kubernetes version the manifests are validated for.
K8S_VERSION=1.34.2

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${HAKEM_DEPLOY_CACHE:-$ROOT/.cache/deploy}
BIN=$CACHE/bin
SCHEMAS=$CACHE/schemas/v$K8S_VERSION-strict
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
mkdir -p "$BIN"
# The machine's own Go; never download a toolchain.
export GOTOOLCHAIN=local
start=$SECONDS

fail() { echo "validate: FAIL: $*" >&2; exit 1; }
step() { echo "validate: $*"; }

# --- 0. tools --------------------------------------------------------------
install() { # install NAME MODULE/PATH VERSION
	local name=$1 pkg=$2 version=$3
	if [ ! -x "$BIN/$name-$version" ]; then
		step "installing $name $version"
		local tmp
		tmp=$(mktemp -d)
		(cd "$tmp" && GOWORK=off GOBIN="$tmp/bin" go install "$pkg@$version") || fail "go install $pkg@$version"
		mv "$tmp/bin/$name" "$BIN/$name-$version"
		rm -rf "$tmp"
	fi
}
install kubeconform github.com/yannh/kubeconform/cmd/kubeconform "$KUBECONFORM_VERSION"
install kustomize sigs.k8s.io/kustomize/kustomize/v5 "$KUSTOMIZE_VERSION"
KUBECONFORM=$BIN/kubeconform-$KUBECONFORM_VERSION
KUSTOMIZE=$BIN/kustomize-$KUSTOMIZE_VERSION

step "deploy/tools: tests (the NATS permissions, natsperm), k8sschema, deploycheck"
(cd "$ROOT/deploy/tools" && GOWORK=off go vet ./... && { out=$(GOWORK=off go test -count=1 ./... 2>&1) || { echo "$out"; false; }; } &&
	GOWORK=off go build -o "$BIN/" ./k8sschema ./deploycheck) ||
	fail "building deploy/tools"

if [ ! -s "$SCHEMAS/_definitions.json" ] || [ ! -s "$SCHEMAS/deployment-apps-v1.json" ]; then
	step "schemas for Kubernetes $K8S_VERSION from the k8s.io/kubernetes module"
	json=$(cd "$OUT" && GOWORK=off go mod download -json "k8s.io/kubernetes@v$K8S_VERSION") ||
		fail "downloading k8s.io/kubernetes@v$K8S_VERSION: $json"
	dir=$(printf '%s\n' "$json" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')
	swagger=$dir/api/openapi-spec/swagger.json
	[ -s "$swagger" ] || fail "no OpenAPI document at $swagger"
	rm -rf "$SCHEMAS.tmp"
	"$BIN/k8sschema" -swagger "$swagger" -out "$SCHEMAS.tmp" || fail "k8sschema"
	rm -rf "$SCHEMAS"
	mv "$SCHEMAS.tmp" "$SCHEMAS"
fi
kubeconform() {
	"$KUBECONFORM" -strict -summary -kubernetes-version "$K8S_VERSION" \
		-schema-location "$CACHE/schemas/{{ .NormalizedKubernetesVersion }}{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json" "$@"
}

# --- 1. Dockerfile and Makefile build the same static binary ----------------
step "Dockerfile builds with the Makefile's build target"
recipe=$(awk '/^build:/{f=1;next} f&&/^\t/{print;next} f{exit}' "$ROOT/Makefile")
for want in 'CGO_ENABLED=0' '-trimpath' '-o bin/hakem ./services/cmd/hakem'; do
	grep -qF -- "$want" <<<"$recipe" || fail "Makefile build target lacks '$want': $recipe"
done
grep -qE '^[[:space:]]*make build( |$)' "$ROOT/deploy/Dockerfile" || fail "deploy/Dockerfile does not build with 'make build'"
grep -qE '^FROM gcr.io/distroless/static[^ ]*:nonroot$' "$ROOT/deploy/Dockerfile" || fail "deploy/Dockerfile: final stage is not distroless/static:nonroot"
grep -qE '^USER 65532' "$ROOT/deploy/Dockerfile" || fail "deploy/Dockerfile: no non-root USER 65532"
grep -qE '^COPY --from=builder /out/hakem ' "$ROOT/deploy/Dockerfile" || fail "deploy/Dockerfile: the image does not take the builder's binary"
if ! make -s -C "$ROOT" build >/dev/null; then
	# On a heavily loaded machine a cold build once failed with "could not
	# import <std package> (open : no such file or directory)"; the same
	# build passed when run again. A real build error fails twice.
	step "make build failed; trying once more"
	make -s -C "$ROOT" build >/dev/null || fail "make build"
fi
settings=$(go version -m "$ROOT/bin/hakem") || fail "go version -m bin/hakem"
for want in 'CGO_ENABLED=0' '-trimpath=true'; do
	grep -qF -- "$want" <<<"$settings" || fail "bin/hakem was not built with $want"
done
# A dynamically linked binary names its loader (/lib64/ld-linux-...).
if grep -qa 'ld-linux' "$ROOT/bin/hakem"; then fail "bin/hakem is not static"; fi

# --- 2. render -----------------------------------------------------------------
step "rendering k8s/base and k8s/overlays/* with kustomize $KUSTOMIZE_VERSION"
"$KUSTOMIZE" build "$ROOT/k8s/base" >"$OUT/base.yaml" || fail "kustomize build k8s/base"
rendered=("$OUT/base.yaml")
for o in "$ROOT"/k8s/overlays/*/; do
	name=$(basename "$o")
	"$KUSTOMIZE" build "$o" >"$OUT/overlay-$name.yaml" || fail "kustomize build k8s/overlays/$name"
	rendered+=("$OUT/overlay-$name.yaml")
done

# --- 3. validate -----------------------------------------------------------------
step "kubeconform $KUBECONFORM_VERSION -strict, Kubernetes $K8S_VERSION"
summary=$(kubeconform "${rendered[@]}" "$ROOT"/k8s/examples/*.yaml) || { echo "$summary"; fail "kubeconform"; }
echo "$summary"
grep -qE 'Invalid: 0, Errors: 0, Skipped: 0' <<<"$summary" || fail "kubeconform: not every resource was validated"
grep -qE 'Valid: [1-9]' <<<"$summary" || fail "kubeconform: nothing validated"

# --- 4. the schemas reject what they must ---------------------------------------
step "the schemas reject deploy/testdata/invalid/*.yaml and accept deploy/testdata/valid/*.yaml"
for f in "$ROOT"/deploy/testdata/invalid/*.yaml; do
	expect=$(sed -n 's/^# expect: //p' "$f")
	[ -n "$expect" ] || fail "$f has no '# expect:' line"
	if got=$(kubeconform "$f" 2>&1); then
		fail "kubeconform accepted $f"
	fi
	grep -qF -- "$expect" <<<"$got" || fail "$f rejected for another reason than '$expect': $got"
done
kubeconform "$ROOT"/deploy/testdata/valid/*.yaml >/dev/null || fail "kubeconform rejected deploy/testdata/valid"

# --- 5. compose and manifests agree with the NATS accounts ------------------------
step "deploycheck: compose and manifests against deploy/nats/accounts.conf"
# Distinct passwords, so that a service holding another's password shows.
i=0
while IFS= read -r line; do
	case $line in
	*_PASSWORD=*) i=$((i + 1)); echo "${line%%=*}=validate$i" ;;
	*) echo "$line" ;;
	esac
done <"$ROOT/deploy/.env.example" >"$OUT/compose.env"
k8sargs=(-k8s "$OUT/base.yaml:1")
for f in "$OUT"/overlay-*.yaml; do k8sargs+=(-k8s "$f:3"); done
"$BIN/deploycheck" -accounts "$ROOT/deploy/nats/accounts.conf" \
	-compose "$ROOT/deploy/compose.yaml" -env "$OUT/compose.env" \
	"${k8sargs[@]}" -secret "$ROOT/k8s/examples/nats-users-secret.yaml" || fail "deploycheck"

step "ok in $((SECONDS - start)) s"
