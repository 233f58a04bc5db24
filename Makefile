# Hakem — build, test and benchmark every module of the go.work workspace.

MODULES := rules clock pairing ratings events services
PKGS    := $(addsuffix /...,$(addprefix ./,$(MODULES)))
GO      ?= go
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)

.PHONY: build test bench lint run fuzz clean

## build: write bin/hakem (static, CGO off: the same binary the Dockerfile builds)
build:
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o bin/hakem ./services/cmd/hakem

## test: every test of every module (slow suites stay behind -long / make bench),
## then the deployment check (Dockerfile build line, kustomize + kubeconform, NATS users)
test:
	$(GO) test -count=1 -timeout 30m $(PKGS)
	bash deploy/validate.sh

## bench: every benchmark script in bench/, each printing Hakem's figures beside a baseline from the same run
bench: build
	@set -e; for f in bench/*.sh; do echo "== $$f"; bash $$f; done

## lint: go vet, a gofmt check and the architecture check (services/internal/archcheck:
## imports between services, NATS in domains, files over 650 lines, services' functions over
## 80 lines, event-type literals)
lint:
	$(GO) vet $(PKGS)
	@out=$$(gofmt -l $(MODULES)); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) test -count=1 ./services/internal/archcheck/

## run: build and run hakem demo (hakem serve plus simulated players: a 24-player Swiss);
## ARGS="serve" (or any other subcommand) runs that instead
ARGS ?= demo
run: build
	./bin/hakem $(ARGS)

clean:
	rm -rf bin
