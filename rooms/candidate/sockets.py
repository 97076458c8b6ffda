"""F0c §2d — sockets bind to stable ids; external sockets are only `class` aliases from manifests.

Internal: when the files of block A use (import, call into, inherit from) the files of block B with a
total raw weight of at least `socket_min_weight`, A gets an input ``{to: B, type}`` and B an output
``{to: A, type}``; ``type`` is the relation carrying most of that weight (``imports``/``calls``/
``inherits``). A file listed by several blocks counts for each of them; a block never gets a socket to
itself. A socket that only tests use (every edge behind it starts in a test file) carries ``class: test``:
readers leave it out of the default list and the picture (a test's use is no dependency of the code).

External: a block whose files use a manifest-declared package of an obvious class (a database driver, an
HTTP framework, ...) gets ``{alias: <package>, class: <class>}``. Packages of no known class are not
guessed at: no socket.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

from rooms.candidate.inputs import FileEdge, PackageUse
from rooms.candidate.membership import is_test_path
from rooms.contract import Socket, Sockets

TEST_ONLY = "test"

_CLASSES: dict[str, tuple[str, ...]] = {
    "database": (
        "neo4j",
        "psycopg",
        "psycopg2",
        "psycopg2-binary",
        "asyncpg",
        "pymysql",
        "mysqlclient",
        "sqlalchemy",
        "pymongo",
        "motor",
        "peewee",
        "django-orm",
        "pg",
        "mysql",
        "mysql2",
        "mongodb",
        "mongoose",
        "sequelize",
        "typeorm",
        "prisma",
        "@prisma/client",
        "knex",
        "neo4j-driver",
        "better-sqlite3",
        "sqlite3",
        "github.com/lib/pq",
        "github.com/jackc/pgx",
        "github.com/jackc/pgx/v4",
        "github.com/jackc/pgx/v5",
        "gorm.io/gorm",
        "github.com/go-sql-driver/mysql",
        "go.mongodb.org/mongo-driver",
        "github.com/neo4j/neo4j-go-driver",
        "github.com/neo4j/neo4j-go-driver/v5",
        "github.com/jmoiron/sqlx",
        "org.postgresql:postgresql",
        "mysql:mysql-connector-java",
        "org.hibernate:hibernate-core",
        "org.neo4j.driver:neo4j-java-driver",
        "org.mongodb:mongodb-driver-sync",
        "diesel",
        "sqlx",
        "tokio-postgres",
        "rusqlite",
        "activerecord",
        "sequel",
        "doctrine/orm",
        "doctrine/dbal",
        "Npgsql",
        "Microsoft.EntityFrameworkCore",
        "Dapper",
    ),
    "cache": (
        "redis",
        "ioredis",
        "pymemcache",
        "memcached",
        "github.com/go-redis/redis",
        "github.com/redis/go-redis/v9",
        "redis.clients:jedis",
        "io.lettuce:lettuce-core",
        "StackExchange.Redis",
    ),
    "http_server": (
        "flask",
        "django",
        "fastapi",
        "starlette",
        "uvicorn",
        "aiohttp",
        "tornado",
        "falcon",
        "sanic",
        "express",
        "koa",
        "fastify",
        "@nestjs/core",
        "hapi",
        "@hapi/hapi",
        "next",
        "github.com/gin-gonic/gin",
        "github.com/labstack/echo",
        "github.com/labstack/echo/v4",
        "github.com/gorilla/mux",
        "github.com/go-chi/chi",
        "github.com/go-chi/chi/v5",
        "github.com/gofiber/fiber/v2",
        "org.springframework.boot:spring-boot-starter-web",
        "io.javalin:javalin",
        "actix-web",
        "axum",
        "rocket",
        "warp",
        "rails",
        "sinatra",
        "laravel/framework",
        "symfony/http-kernel",
        "slim/slim",
    ),
    "http_client": (
        "requests",
        "httpx",
        "urllib3",
        "axios",
        "node-fetch",
        "got",
        "superagent",
        "ky",
        "com.squareup.okhttp3:okhttp",
        "reqwest",
        "faraday",
        "httparty",
        "guzzlehttp/guzzle",
        "github.com/go-resty/resty/v2",
    ),
    "message_queue": (
        "kafka-python",
        "confluent-kafka",
        "aiokafka",
        "pika",
        "celery",
        "kombu",
        "kafkajs",
        "amqplib",
        "bullmq",
        "github.com/segmentio/kafka-go",
        "github.com/streadway/amqp",
        "github.com/rabbitmq/amqp091-go",
        "github.com/nats-io/nats.go",
        "org.apache.kafka:kafka-clients",
        "rdkafka",
        "lapin",
        "sidekiq",
        "bunny",
    ),
    "graphql": (
        "strawberry-graphql",
        "graphene",
        "ariadne",
        "graphql",
        "graphql-core",
        "apollo-server",
        "@apollo/server",
        "@apollo/client",
        "graphql-yoga",
        "github.com/99designs/gqlgen",
        "github.com/graphql-go/graphql",
        "async-graphql",
        "juniper",
        "graphql-ruby",
        "webonyx/graphql-php",
    ),
    "rpc": (
        "grpcio",
        "@grpc/grpc-js",
        "google.golang.org/grpc",
        "io.grpc:grpc-stub",
        "tonic",
        "thrift",
    ),
    "cloud_storage": (
        "boto3",
        "botocore",
        "aws-sdk",
        "@aws-sdk/client-s3",
        "google-cloud-storage",
        "@google-cloud/storage",
        "azure-storage-blob",
        "github.com/aws/aws-sdk-go",
        "github.com/aws/aws-sdk-go-v2",
        "minio",
        "com.amazonaws:aws-java-sdk-s3",
        "software.amazon.awssdk:s3",
    ),
    "graph_analytics": ("graphdatascience",),
    "parser": (
        "tree-sitter",
        "tree_sitter",
        "tree-sitter-python",
        "tree-sitter-javascript",
        "tree-sitter-typescript",
        "tree-sitter-go",
        "tree-sitter-rust",
        "tree-sitter-java",
        "tree-sitter-c",
        "tree-sitter-cpp",
        "tree-sitter-c-sharp",
        "tree-sitter-ruby",
        "tree-sitter-php",
        "web-tree-sitter",
    ),
}
_CLASS_OF: dict[str, str] = {name.lower(): cls for cls, names in _CLASSES.items() for name in names}


def package_class(name: str) -> str | None:
    """The obvious class of a package, or None (never guessed)."""
    key = name.lower()
    if key in _CLASS_OF:
        return _CLASS_OF[key]
    if key.startswith("@aws-sdk/"):
        return "cloud_storage"
    return None


def internal_sockets(
    members: Mapping[str, set[str]], edges: Iterable[FileEdge], min_weight: float
) -> dict[str, Sockets]:
    owners: dict[str, list[str]] = defaultdict(list)
    for block_id in sorted(members):
        for path in members[block_id]:
            owners[path].append(block_id)
    flow: dict[tuple[str, str], dict[str, float]] = defaultdict(lambda: defaultdict(float))
    from_code: set[tuple[str, str]] = set()
    for edge in edges:
        for a in owners.get(edge.source, ()):
            for b in owners.get(edge.target, ()):
                if a != b:
                    flow[(a, b)][edge.kind] += edge.weight
                    if not is_test_path(edge.source):
                        from_code.add((a, b))
    inputs: dict[str, list[Socket]] = defaultdict(list)
    outputs: dict[str, list[Socket]] = defaultdict(list)
    for (a, b), kinds in sorted(flow.items()):
        if sum(kinds.values()) + 1e-9 < min_weight:
            continue
        kind = min(kinds, key=lambda k: (-kinds[k], k)).lower()
        test_only = None if (a, b) in from_code else TEST_ONLY
        inputs[a].append(Socket(to=b, type=kind, class_=test_only))
        outputs[b].append(Socket(to=a, type=kind, class_=test_only))
    return {
        block_id: Sockets(inputs=inputs[block_id], outputs=sorted(outputs[block_id], key=lambda s: s.to or ""))
        for block_id in members
    }


def external_sockets(members: Mapping[str, set[str]], uses: Iterable[PackageUse]) -> dict[str, list[Socket]]:
    by_path: dict[str, set[str]] = defaultdict(set)
    for use in uses:
        by_path[use.path].add(use.name)
    out: dict[str, list[Socket]] = {}
    for block_id, paths in members.items():
        found = {(cls, name) for path in paths for name in by_path.get(path, ()) if (cls := package_class(name))}
        out[block_id] = [Socket(alias=name, class_=cls) for cls, name in sorted(found)]
    return out
